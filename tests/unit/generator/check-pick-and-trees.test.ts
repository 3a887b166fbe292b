// The options of docs/adr/0153-check-trees-and-pick-lists.md are checked like the rest: a check-trees
// screen's reads, save and tree body fields against their calls and its state labels per state; a
// picking list's detail and the actions only a picking list has; a user chart control's enterprise.
import { describe, expect, it } from 'vitest';
import { FIXTURE_REGISTRY, SCREENS, fixtureDocs, problemLines, setAt } from './broken-catalogue.ts';

const REGISTRY = { ...FIXTURE_REGISTRY, screenKinds: [...FIXTURE_REGISTRY.screenKinds, 'checktrees', 'charts'] };
const problems = (docs: ReturnType<typeof fixtureDocs>) => problemLines(docs, { registry: REGISTRY });

const TREES = {
  id: 'gadget.grants',
  title: 'screen.gadget',
  kind: 'checktrees',
  testId: 'grants',
  tab: 'tab',
  trees: [
    {
      id: 'main',
      label: 'screen.gadget',
      read: { call: 'gadgets.get', args: { params: { id: 'gadgetid' } } },
      body: 'name',
      empty: 'msg.selectFirst',
    },
  ],
  node: { id: 'id', parent: 'parentId', label: 'name', state: 'state' },
  save: { call: 'gadgets.save', args: { params: { id: 'gadgetid' } }, done: 'status.on' },
  labels: {
    unsaved: 'status.on',
    undo: 'action.new',
    readOnly: 'status.off',
    discard: 'msg.selectFirst',
    state: 'field.gadget',
  },
};

/** The fixture with `screen` added after its screens; answers the docs and the new screen's pointer. */
function withScreen(screen: unknown) {
  const docs = fixtureDocs();
  const screens = (docs.find((d) => d.file === SCREENS)!.data as { screens: unknown[] }).screens;
  const at = `/screens/${screens.length}`;
  return { docs: setAt(docs, SCREENS, at, screen), at };
}

/** The fixture with the gadget list changed. */
function withList(change: (list: Record<string, unknown>) => void) {
  const docs = fixtureDocs();
  const screens = (docs.find((d) => d.file === SCREENS)!.data as { screens: Array<Record<string, unknown>> }).screens;
  const index = screens.findIndex((s) => s.id === 'gadget.list');
  const list = structuredClone(screens[index]);
  change(list);
  return { docs: setAt(docs, SCREENS, `/screens/${index}`, list), at: `/screens/${index}` };
}

describe('atrium check on check trees, picking lists and user controls', { timeout: 30_000 }, () => {
  it('wants a label per state under the state prefix, and refuses a tree body field the save call lacks', () => {
    const good = withScreen(TREES);
    expect(problems(good.docs).filter((p) => !p.includes('/labels/state'))).toEqual([]);
    // field.gadget.name exists; field.gadget.checked, .mixed and .unchecked do not.
    const missing = problems(good.docs).filter((p) => p.includes('/labels/state'));
    expect(missing.filter((p) => p.includes('field.gadget.checked'))).not.toEqual([]);
    expect(missing.filter((p) => p.includes('field.gadget.mixed'))).not.toEqual([]);
    expect(missing.filter((p) => p.includes('field.gadget.unchecked'))).not.toEqual([]);

    const bad = withScreen({ ...TREES, trees: [{ ...TREES.trees[0], body: 'shape' }] });
    expect(problems(bad.docs)).toContain(
      `${SCREENS}:${bad.at}/trees/0/body/body/shape: call "gadgets.save" has no body field "shape"`,
    );
    const args = withScreen({ ...TREES, save: { ...TREES.save, args: { query: { nope: 'gadgetid' } } } });
    expect(problems(args.docs).some((p) => p.startsWith(`${SCREENS}:${args.at}/save/args`))).toBe(true);
  });

  it('wants a detail on a picking list, and the picked-row options only there', () => {
    const pick = { label: 'screen.gadgets', primary: 'name', none: 'msg.selectFirst', testId: 'gadget' };
    const noDetail = withList((list) => (list.pick = pick));
    expect(problems(noDetail.docs)).toContain(
      `${SCREENS}:${noDetail.at}/pick: a picking list needs a detail (what the picked row shows)`,
    );
    const unknownField = withList((list) => {
      list.pick = { ...pick, primary: 'colour' };
      list.detail = { param: 'gadgetid', screen: 'gadget.form' };
    });
    expect(problems(unknownField.docs).some((p) => p.startsWith(`${SCREENS}:${unknownField.at}/pick/primary`))).toBe(
      true,
    );

    const rename = {
      id: 'rename',
      label: 'action.new',
      call: 'gadgets.remove',
      selection: 'required',
      rowDisabled: { when: 'row.status == 0', why: 'status.off' },
    };
    const notPicking = withList((list) => (list.actions = [rename]));
    expect(problems(notPicking.docs)).toContain(
      `${SCREENS}:${notPicking.at}/actions/0: "rename" acts on a picked row: only a list with pick has one`,
    );
    const picking = withList((list) => {
      list.pick = pick;
      list.detail = { param: 'gadgetid', screen: 'gadget.form' };
      list.actions = [rename, { ...rename, id: 'other', selection: undefined }];
    });
    expect(problems(picking.docs)).toEqual([
      `${SCREENS}:${picking.at}/actions/1/rowDisabled: "other" acts on no row: rowDisabled needs selection: required`,
    ]);
  });

  it("wants a user control's enterprise to be another control's choice", () => {
    const charts = {
      id: 'gadget.board',
      title: 'screen.gadget',
      kind: 'charts',
      testId: 'board',
      loading: 'screen.gadget',
      reads: { one: { call: 'gadgets.get', args: { params: { id: 'gadgetid' } } } },
      controls: [{ id: 'who', param: 'user', label: 'screen.gadget', style: 'user', tenant: 'nope' }],
      panels: [
        {
          id: 'p',
          type: 'table',
          title: 'screen.gadget',
          read: 'one',
          fields: [{ field: 'name', label: 'field.gadget.name' }],
        },
      ],
    };
    const { docs, at } = withScreen(charts);
    expect(problems(docs)).toEqual([
      `${SCREENS}:${at}/controls/0/tenant: tenant "nope" must name another control's param, on a user control`,
    ]);
  });
});
