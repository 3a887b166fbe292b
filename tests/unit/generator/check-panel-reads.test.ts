// What a panel reads (docs/adr/0163-api-docs-sign-in-form-and-panel-read-checks.md): `atrium check` passes the
// catalogue as written and refuses a panel read with effects, a choice whose `rows` is missing or no
// array, a table or lines over no array, a form part over no object and a form's `schemaFrom` naming no
// object property.
import { describe, expect, it } from 'vitest';
import { checkPanelReads } from '../../../generator/check/panel-reads.ts';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import type { FormScreen } from '../../../src/core/catalogue/types.ts';
import type { PanelScreen } from '../../../src/core/catalogue/panel-screen.ts';

const loaded = loadCatalogue().catalogue;
const fresh = () => structuredClone(loaded);
type Loaded = ReturnType<typeof fresh>;
const input = (catalogue: Loaded) => ({ catalogue, docs: [], handlerIds: null, registry: null });
const panel = (catalogue: Loaded, id: string) => catalogue.screens[id] as unknown as PanelScreen;
const said = (catalogue: Loaded) =>
  checkPanelReads(input(catalogue))
    .map((p) => `${p.pointer.replace(/^\/screens\/\d+/, '')} ${p.message}`)
    .sort();

describe('panel reads', () => {
  it('passes the catalogue as written', () => {
    expect(checkPanelReads(input(fresh()))).toEqual([]);
  });

  it('refuses a read, a joined read or a choice call with effects', () => {
    const catalogue = fresh();
    panel(catalogue, 'config.manage').read.call = 'maintenance.clearCache';
    panel(catalogue, 'config.manage').choose!.call = 'maintenance.optimize';
    panel(catalogue, 'domain.openApi').with!.services.call = 'openApi.regenerate';
    expect(said(catalogue)).toEqual([
      '/choose/call call "maintenance.optimize" has effects: a panel reads only calls without effects',
      '/choose/rows call "maintenance.optimize" answers no property "datas"',
      '/parts/2/table/rows "reply.services" is an object, not an array',
      '/read/call call "maintenance.clearCache" has effects: a panel reads only calls without effects',
      '/with/services/call call "openApi.regenerate" has effects: a panel reads only calls without effects',
    ]);
  });

  it('refuses a choice whose rows are missing or no array', () => {
    const missing = fresh();
    panel(missing, 'config.manage').choose!.rows = 'lines';
    expect(said(missing)).toEqual(['/choose/rows call "applications.forConfig" answers no property "lines"']);
    const scalar = fresh();
    panel(scalar, 'config.manage').choose!.rows = 'rowCount';
    expect(said(scalar)).toEqual(['/choose/rows "rowCount" of call "applications.forConfig"\'s answer is no array']);
  });

  it('refuses a table or lines over no array and a form part over no object', () => {
    const catalogue = fresh();
    const instance = panel(catalogue, 'runtime.instance');
    instance.parts[0].table!.rows = 'reply.instance';
    instance.parts[1].form!.schema = 'reply.instance.title';
    instance.parts[1].form!.data = 'reply.instance.nowhere';
    const openApi = panel(catalogue, 'domain.openApi');
    const lines = openApi.parts.findIndex((p) => p.lines);
    openApi.parts[lines].lines!.rows = 'reply.services.0.processName';
    expect(said(catalogue)).toEqual([
      '/parts/0/table/rows "reply.instance" is an object, not an array',
      '/parts/1/form/data "reply.instance.nowhere": the answer has no property "nowhere"',
      '/parts/1/form/schema "reply.instance.title" is a string, not an object',
      `/parts/${lines}/lines/rows "reply.services.0.processName" is a string, not an array`,
    ]);
  });

  it('refuses a form whose schemaFrom names no object property', () => {
    const catalogue = fresh();
    (catalogue.screens['runtime.startForm'] as unknown as FormScreen).schemaFrom = { field: 'title', from: 'form' };
    expect(said(catalogue)).toEqual(['/schemaFrom/field "title" of entity "flow-runtime-body" is no object property']);
  });
});
