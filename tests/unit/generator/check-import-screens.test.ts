// An import screen's list showing dotted keys under their labels (docs/adr/0151-small-dialog-patterns.md):
// `atrium check` wants labels under its `keyLabel`, and the configuration import passes as written.
import { describe, expect, it } from 'vitest';
import { checkImportScreens } from '../../../generator/check/import-screens.ts';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import type { ImportScreen } from '../../../src/core/catalogue/types.ts';

describe('import screens keyLabel', () => {
  it('passes the configuration import and refuses a keyLabel naming no labels', () => {
    const { catalogue, docs } = loadCatalogue();
    const run = () => checkImportScreens({ catalogue, docs, handlerIds: null, registry: null });
    expect(run()).toEqual([]);
    const screen = catalogue.screens['config.import'] as unknown as ImportScreen;
    screen.result.lists![0].keyLabel = 'config.nowhere';
    expect(run().map((p) => `${p.pointer} ${p.message}`)).toEqual([
      '/screens/1/result/lists/0/keyLabel no label starts with "config.nowhere."',
    ]);
  });
});
