// A panel's call-answer options of docs/adr/0160-open-api-in-yaml.md as `atrium check` sees them:
// `reveal` and `result` sit on a call action and name fields of its reply (a result list's field one of
// its rows'); a part's `actions` name the panel's actions, each in one part; `with` reads are calls.
import { describe, expect, it } from 'vitest';
import { FIXTURE_REGISTRY, SCREENS, fixtureDocs, problemLines, setAt } from './broken-catalogue.ts';

const registry = { ...FIXTURE_REGISTRY, screenKinds: [...FIXTURE_REGISTRY.screenKinds, 'panel'] };

const PANEL = '/screens/4';
const panel = (over: object) => ({
  id: 'gadget.panel',
  title: 'entity.gadget',
  kind: 'panel',
  testId: 'gadget-panel',
  read: { call: 'gadgets.get', args: { params: { id: 'id' } } },
  heading: { label: 'entity.gadget' },
  parts: [{ testId: 'one', text: { testId: 'one-text', label: 'entity.gadget' }, actions: ['save'] }],
  actions: [
    {
      id: 'save',
      label: 'entity.gadget',
      call: 'gadgets.save',
      args: { params: { id: 'id' } },
      reveal: { note: 'entity.gadget', fields: [{ field: 'name', label: 'entity.gadget' }] },
      result: { message: 'name', ok: 'status' },
    },
  ],
  ...over,
});
const lines = (over: object) =>
  problemLines(setAt(fixtureDocs(), SCREENS, PANEL, panel(over)), { registry }).filter((l) => l.startsWith(SCREENS));

describe('atrium check on a panel’s reveal, result, part actions and joined reads', () => {
  it('accepts reply fields of the action’s call, an action in one part and a joined read', () => {
    expect(lines({ with: { page: { call: 'gadgets.list' } } })).toEqual([]);
  });

  it('catches fields the reply lacks, an answer option on a form action, unknown or twice-placed part actions', () => {
    const found = lines({
      with: { page: { call: 'gadgets.nowhere' } },
      parts: [
        { testId: 'one', text: { testId: 'one-text', label: 'entity.gadget' }, actions: ['save', 'ghost'] },
        { testId: 'two', text: { testId: 'two-text', label: 'entity.gadget' }, actions: ['save'] },
      ],
      actions: [
        {
          id: 'save',
          label: 'entity.gadget',
          call: 'gadgets.save',
          reveal: { note: 'entity.gadget', fields: [{ field: 'secret', label: 'entity.gadget' }] },
          result: { message: 'said', list: { rows: 'name', field: 'reason', label: 'entity.gadget' } },
        },
        {
          id: 'edit',
          label: 'entity.gadget',
          form: 'gadget.form',
          reveal: { note: 'entity.gadget', fields: [{ field: 'name', label: 'entity.gadget' }] },
        },
      ],
    });
    expect(found).toEqual([
      `${SCREENS}:${PANEL}/actions/0/result/list/field: the rows of "name" have no field "reason"`,
      `${SCREENS}:${PANEL}/actions/0/result/message: call "gadgets.save" answers no field "said"`,
      `${SCREENS}:${PANEL}/actions/0/reveal/fields/0/field: call "gadgets.save" answers no field "secret"`,
      `${SCREENS}:${PANEL}/actions/1: "edit": reveal and result show a call's answer`,
      `${SCREENS}:${PANEL}/parts/0/actions/1: the panel has no action "ghost"`,
      `${SCREENS}:${PANEL}/parts/1/actions/0: action "save" is already drawn in another part`,
      `${SCREENS}:${PANEL}/with/page/call: unknown call "gadgets.nowhere" (no call with this id in schemas/api)`,
    ]);
  });

  it('refuses an unknown reveal or result option (the meta-schema)', () => {
    const found = lines({
      actions: [
        {
          id: 'save',
          label: 'entity.gadget',
          call: 'gadgets.save',
          reveal: { note: 'entity.gadget', fields: [{ field: 'name', label: 'entity.gadget' }], once: true },
        },
      ],
    });
    expect(found.some((l) => l.includes(`${PANEL}/actions/0/reveal`) && l.includes('once'))).toBe(true);
  });
});
