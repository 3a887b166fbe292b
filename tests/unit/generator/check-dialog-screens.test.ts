// Dialog screens (docs/adr/0154-dialog-screen-kinds.md): `atrium check` passes the software tab's and
// the applications list's as written, and refuses call parts their calls lack, a route, tab or form
// action naming one, and a `dialog:` naming neither a registered dialog nor a dialog screen.
import { describe, expect, it } from 'vitest';
import { checkDialogScreens } from '../../../generator/check/dialog-screens.ts';
import { checkRegistry } from '../../../generator/check/registry.ts';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import type {
  ChecklistScreen,
  FormScreen,
  JobScreen,
  RecordScreen,
  RowsScreen,
} from '../../../src/core/catalogue/types.ts';
import { dialogs, plugins, screenKinds, cellRenderers, widgets, guards } from '../../../src/console/registry.ts';

// Loaded once (it takes seconds); each test breaks its own copy.
const loaded = loadCatalogue().catalogue;
const fresh = () => structuredClone(loaded);
const input = (catalogue: ReturnType<typeof fresh>) => ({ catalogue, docs: [], handlerIds: null, registry: null });
const texts = (problems: Array<{ pointer: string; message: string }>) =>
  problems.map((p) => `${p.pointer.replace(/^\/screens\/\d+/, '')} ${p.message}`);

describe('dialog screens', () => {
  it('passes the catalogue as written', () => {
    expect(checkDialogScreens(input(fresh()))).toEqual([]);
  });

  it('refuses call parts the calls lack', () => {
    const catalogue = fresh();
    (catalogue.screens['application-bind'] as unknown as ChecklistScreen).read.args = { params: { nope: 'domainid' } };
    (catalogue.screens['application-modules'] as unknown as ChecklistScreen).save.as = 'switchedOff';
    (catalogue.screens['forms-sync'] as unknown as JobScreen).start.args = { query: { app: 'id' } };
    (catalogue.screens['application-approvers'] as unknown as RowsScreen).save.body.rule = 'approvers';
    (catalogue.screens['application-km'] as unknown as RecordScreen).switches![0].field = 'on';
    expect(texts(checkDialogScreens(input(catalogue))).sort()).toEqual([
      '/read/args/params/nope call "domainApplications.unbound" has no path parameter {nope}',
      '/save/args/body/rule call "domainApplications.setNodeApprovers" has no body field "rule"',
      '/save/as/body/switchedOff call "domainApplications.setModules" has no body field "switchedOff"',
      '/save/fields/body/on call "knowledge.save" has no body field "on"',
      '/start/args/query/app call "applications.syncForms" has no query field "app"',
    ]);
  });

  it('refuses a route, a tab or a form action opening one', () => {
    const catalogue = fresh();
    catalogue.routes[0] = { ...catalogue.routes[0], screen: 'forms-sync' };
    const form = catalogue.screens['domain.form'] as unknown as FormScreen;
    form.tabs![1] = { ...form.tabs![1], screen: 'application-bind' };
    form.actions = [{ id: 'x', label: 'action.save', dialog: 'application-modules' }];
    const messages = checkDialogScreens(input(catalogue)).map((p) => p.message);
    expect(messages.sort()).toEqual([
      '"application-bind" is a dialog screen: a list action opens it (dialog:), not a tab',
      '"application-modules" is a dialog screen: a list action opens it (dialog:), not a form action',
      '"forms-sync" is a dialog screen: a list action opens it (dialog:), not a route',
    ]);
  });

  it('takes a dialog screen for a registered dialog, and nothing else', () => {
    const catalogue = fresh();
    const registry = { screenKinds, plugins, cellRenderers, widgets, guards, dialogs };
    const names = Object.fromEntries(Object.entries(registry).map(([k, v]) => [k, Object.keys(v)]));
    const run = () => checkRegistry({ catalogue, docs: [], handlerIds: null, registry: names as never });
    expect(run()).toEqual([]);
    delete catalogue.screens['application-bind'];
    expect(run().map((p) => p.message)).toEqual([
      'dialog "application-bind" is not registered in src/console/registry.ts (dialogs)',
    ]);
  });
});
