// The tiles the server lists in the profile (docs/adr/0145-first-load-tiles-decided-by-the-server.md): the tiles
// whose `visible` rule holds over the profile, keyed screen.tile, none without a rule, and a tile rule's
// `session.onlyDomainUser` read from the tenant scope as the console derives it.
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import type { Catalogue } from '../../../src/core/catalogue/types.ts';
import { tilesShown } from '../../../src/server/auth/tiles-shown.ts';

const { catalogue } = loadCatalogue();

describe('tiles shown to a caller', () => {
  it('lists the home tiles with a rule that holds, not those without a rule', () => {
    const auditor = { isOpenSecurity: true, type: 'examine', reach: { kind: 'platform' } };
    expect(tilesShown(catalogue, auditor).filter((key) => key.startsWith('home.'))).toEqual(['home.operationLog']);
  });

  it('lists every ruled home tile for the super administrator outside security separation', () => {
    const admin = { isOpenSecurity: false, type: 'super', reach: { kind: 'platform' } };
    expect(tilesShown(catalogue, admin).filter((key) => key.startsWith('home.'))).toEqual([
      'home.debug',
      'home.operationLog',
      'home.systemCon',
      'home.systemMoni',
      'home.tasks',
    ]);
  });

  it('reads the session flag from the tenant scope, and a failing rule hides its tile', () => {
    const screens = {
      start: {
        id: 'start',
        kind: 'tiles',
        tiles: [
          { id: 'mine', label: 'x', visible: 'session.onlyDomainUser' },
          { id: 'broken', label: 'x', visible: 'user.reach.kind.nothing == 1' },
          { id: 'free', label: 'x' },
        ],
      },
    } as unknown as Catalogue['screens'];
    expect(tilesShown({ screens }, { tenantScoped: true })).toEqual(['start.mine']);
    expect(tilesShown({ screens }, { tenantScoped: false })).toEqual([]);
  });
});
