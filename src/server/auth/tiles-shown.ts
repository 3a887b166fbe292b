// Which tiles with a `visible` rule this caller sees: decided with its profile, over the same context the
// console gave the rule (the profile as `user`, `session.onlyDomainUser` from its tenant scope), so the
// home page needs no rule engine (docs/adr/0145-first-load-tiles-decided-by-the-server.md).
import type { Catalogue } from '../../core/catalogue/types.ts';
import { tileKey } from '../../core/catalogue/tile-visibility.ts';
import { evaluateRule } from '../../core/rules.ts';

/** The keys (`screen.tile`) of every catalogue tile whose `visible` rule holds for `profile`, sorted. */
export function tilesShown(
  catalogue: Pick<Catalogue, 'screens'>,
  profile: Record<string, unknown> & { tenantScoped?: boolean },
): string[] {
  const context = { user: profile, session: { onlyDomainUser: Boolean(profile.tenantScoped) } };
  const shown: string[] = [];
  for (const screen of Object.values(catalogue.screens)) {
    if (screen.kind !== 'tiles') continue;
    for (const tile of screen.tiles)
      if (tile.visible !== undefined && evaluateRule(tile.visible, context)) shown.push(tileKey(screen.id, tile.id));
  }
  return shown.sort();
}
