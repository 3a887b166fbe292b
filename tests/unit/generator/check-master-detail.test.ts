// A master-detail screen and the list actions that pick users (docs/adr/0152-master-detail-screen-kind.md)
// are checked like any other screen: `atrium check` refuses an unknown option, a master read with
// effects or with route args and fixed values its call lacks, a detail that never reads the choice, a
// pick outside a list's toolbar, and an `ids` field the call's body lacks or with no ids to send.
import { describe, expect, it } from 'vitest';
import { FIXTURE_REGISTRY, SCREENS, fixtureDocs, problemLines, setAt } from './broken-catalogue.ts';

const REGISTRY = { ...FIXTURE_REGISTRY, screenKinds: [...FIXTURE_REGISTRY.screenKinds, 'master-detail'] };

const MASTER = {
  id: 'gadget.pairs',
  title: 'screen.gadgets',
  kind: 'master-detail',
  testId: 'gadget',
  master: {
    call: 'gadgets.list',
    query: { pagelines: 1000 },
    param: 'gadgetid',
    value: 'id',
    text: 'name',
    count: { field: 'status', label: 'status.on' },
    label: 'screen.gadgets',
    empty: 'msg.selectFirst',
  },
  detail: { screen: 'gadget.holders', label: 'screen.gadget', none: 'msg.selectFirst' },
};

const DETAIL = {
  id: 'gadget.holders',
  title: 'screen.gadget',
  kind: 'list',
  entity: 'gadget',
  source: 'gadgets.list',
  sourceArgs: { body: { name: 'gadgetid' } },
  columns: [{ field: 'name' }],
  actions: [
    {
      id: 'add',
      label: 'action.new',
      pick: 'users',
      call: 'gadgets.save',
      args: { params: { id: 'gadgetid' } },
      ids: 'notes',
      done: 'status.on',
    },
  ],
};

type Screen = Record<string, unknown>;

function withScreens(change: (master: typeof MASTER, detail: typeof DETAIL) => [Screen, Screen] = (m, d) => [m, d]) {
  const docs = fixtureDocs();
  const screens = (docs.find((d) => d.file === SCREENS)!.data as { screens: unknown[] }).screens;
  const at = `/screens/${screens.length}`;
  const detailAt = `/screens/${screens.length + 1}`;
  const [master, detail] = change(structuredClone(MASTER), structuredClone(DETAIL));
  return { docs: setAt(setAt(docs, SCREENS, at, master), SCREENS, detailAt, detail), at, detailAt };
}

const problems = (docs: ReturnType<typeof fixtureDocs>) => problemLines(docs, { registry: REGISTRY });

describe('atrium check on a master-detail screen and its pick actions', { timeout: 30_000 }, () => {
  it('accepts a master read, a detail reading the choice and a toolbar pick with its ids field', () => {
    expect(problems(withScreens().docs)).toEqual([]);
  });

  it('refuses an option the kind does not know', () => {
    const { docs, at } = withScreens((m, d) => [{ ...m, master: { ...m.master, rows: 'datas' } }, d]);
    expect(problems(docs).some((p) => p.startsWith(`${SCREENS}:${at}/master`) && p.includes('rows'))).toBe(true);
  });

  it('refuses a master read with effects, and fixed values or route args its call lacks', () => {
    const { docs, at } = withScreens((m, d) => [
      { ...m, master: { ...m.master, call: 'gadgets.save', query: { shape: 1 }, args: { params: { owner: 'x' } } } },
      d,
    ]);
    expect(problems(docs)).toEqual([
      `${SCREENS}:${at}/master/args/params/owner: call "gadgets.save" has no path parameter {owner}`,
      `${SCREENS}:${at}/master/call: call "gadgets.save" is a PUT read as a master read: mark it "effects: false" (a search), or it is logged as a change at each reading`,
      `${SCREENS}:${at}/master/query/shape: call "gadgets.save" has no query field "shape"`,
    ]);
  });

  it('refuses a detail list that never reads the choice', () => {
    const { docs, at } = withScreens((m, d) => [m, { ...d, sourceArgs: { body: { name: 'other' } } }]);
    expect(problems(docs)).toEqual([
      `${SCREENS}:${at}/detail/screen: the detail "gadget.holders" never reads the choice: its sourceArgs name no "gadgetid"`,
    ]);
  });

  it('refuses a pick on a row, an ids field the body lacks and ids with nothing to send; a row says done of its row', () => {
    const { docs, detailAt } = withScreens((m, d) => {
      const pick = d.actions[0];
      const { pick: _pick, ...plain } = pick;
      return [
        m,
        {
          ...d,
          actions: [
            { ...pick, ids: 'shape' },
            { ...plain, id: 'plain' },
          ],
          rowActions: [
            { ...pick, id: 'rowPick' },
            { id: 'rowDone', label: plain.label, call: plain.call, args: plain.args, done: plain.done },
          ],
        },
      ];
    });
    expect(problems(docs)).toEqual([
      `${SCREENS}:${detailAt}/actions/0/ids/body/shape: call "gadgets.save" has no body field "shape"`,
      `${SCREENS}:${detailAt}/actions/1/done: "plain": done counts ids (selection: required or pick, or a row's)`,
      `${SCREENS}:${detailAt}/actions/1/ids: "plain": ids needs ids to send (selection: required or pick)`,
      `${SCREENS}:${detailAt}/rowActions/0/pick: "rowPick": pick opens the picker from a list's toolbar only`,
    ]);
  });
});
