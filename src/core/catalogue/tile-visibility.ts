// A tile's `visible` rule is decided by the server with the caller's profile (`tiles` of the current user),
// so the console's home page carries no rule engine (docs/adr/0145-first-load-tiles-decided-by-the-server.md).
// No imports: the console's tiles screen takes the key from here without the rule engine.

/** What a tile rule reads: the profile the server answers and the session flag the console derives from it. */
export const TILE_RULE_ROOTS: readonly string[] = ['user', 'session'];

/** The name a tile has in the current user's `tiles`. */
export function tileKey(screenId: string, tileId: string): string {
  return `${screenId}.${tileId}`;
}
