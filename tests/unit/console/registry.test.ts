// The console registry: importable in plain Node (the generator checks catalogue names against it),
// exact names, and a duplicate name is refused.
import { describe, expect, it } from 'vitest';
import { cellRenderers, dialogs, guards, plugins, screenKinds, widgets } from '../../../src/console/registry.ts';
import { DIALOG_NAMES, dialogName } from '../../../src/console/runtime/dialog/dialog-names.ts';
import { registry } from '../../../src/console/registry-map.ts';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';

describe('console registry', () => {
  it('registers the names the catalogue and the spec use', () => {
    expect(Object.keys(screenKinds).sort()).toEqual([
      'calendar',
      'charts',
      'checklist',
      'checktrees',
      'form',
      'import',
      'job',
      'list',
      'master-detail',
      'panel',
      'plugin',
      'record',
      'rows',
      'runs',
      'tabs',
      'tiles',
      'tree',
    ]);
    expect(Object.keys(plugins)).toEqual(expect.arrayContaining(['login', 'api-docs']));
    expect(Object.keys(cellRenderers)).toEqual(
      expect.arrayContaining(['status', 'usernames', 'image', 'date', 'users', 'process-diagram']),
    );
    expect(Object.keys(widgets)).toEqual(expect.arrayContaining(['switch', 'textarea', 'password']));
    expect(Object.keys(guards).sort()).toEqual(['departmentUserBlocked', 'onlyDomainUserToMain']);
  });

  it('throws on a duplicate name, naming the kind and the name', () => {
    const load = () => Promise.resolve({});
    expect(() =>
      registry('plugin', [
        ['same', load],
        ['same', load],
      ]),
    ).toThrow('duplicate plugin "same"');
  });

  it('covers every kind, plugin, renderer and guard the real catalogue names', () => {
    const { catalogue } = loadCatalogue();
    for (const screen of Object.values(catalogue.screens)) {
      expect(screenKinds, screen.id).toHaveProperty([screen.kind]);
      if (screen.kind === 'plugin') expect(plugins, screen.id).toHaveProperty([screen.plugin]);
      if (screen.kind === 'list')
        for (const c of screen.columns)
          if (c.render) expect(cellRenderers, `${screen.id} ${c.field}`).toHaveProperty([c.render]);
    }
    for (const route of catalogue.routes)
      for (const g of route.guards ?? []) expect(guards, route.path).toHaveProperty([g]);
  });

  it('loads exactly the dialogs code may open by name, and refuses a catalogue name it does not know (docs/adr/0102-no-import-cycles.md)', () => {
    expect(Object.keys(dialogs).sort()).toEqual([...DIALOG_NAMES].sort());
    expect(dialogName('user-select')).toBe('user-select');
    expect(() => dialogName('no-such-dialog')).toThrow('dialog "no-such-dialog" is not registered');
  });
});
