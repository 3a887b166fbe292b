// A calendar screen (docs/adr/0150-calendar-screen-kind.md) is checked like any other: `atrium check`
// catches an unknown read or save call, a route arg or body field the call lacks, and a label missing
// from the locales — a weekday prefix label for each of its seven keys.
import { describe, expect, it } from 'vitest';
import { FIXTURE_REGISTRY, SCREENS, fixtureDocs, problemLines, setAt } from './broken-catalogue.ts';

const REGISTRY = { ...FIXTURE_REGISTRY, screenKinds: [...FIXTURE_REGISTRY.screenKinds, 'calendar'] };

const LABELS = {
  day: 'screen.gadget',
  working: 'status.on',
  ranges: 'field.gadget.notes',
  yes: 'status.on',
  no: 'status.off',
  rangeOf: 'field.gadget.name',
  addRange: 'action.new',
  removeRange: 'action.remove',
  start: 'screen.start',
  end: 'screen.start',
  rangesRequired: 'msg.selectFirst',
  weekday: 'calendar.weekday',
  notFound: 'msg.selectFirst',
};

const WEEK = {
  id: 'gadget.week',
  title: 'screen.gadget',
  kind: 'calendar',
  view: 'week',
  testId: 'gadget-week',
  read: { call: 'gadgets.get', args: { params: { id: 'gadgetid' } } },
  days: 'days',
  fields: { weekday: 'weekday', working: 'working', ranges: 'ranges' },
  save: {
    call: 'gadgets.save',
    args: { params: { id: 'gadgetid' } },
    body: 'name',
    label: 'action.new',
    done: 'status.on',
  },
  labels: LABELS,
};

function withWeek(change: (screen: typeof WEEK) => unknown = (s) => s) {
  const docs = fixtureDocs();
  const screens = (docs.find((d) => d.file === SCREENS)!.data as { screens: unknown[] }).screens;
  const at = `/screens/${screens.length}`;
  return { docs: setAt(docs, SCREENS, at, change(structuredClone(WEEK))), at };
}

const problems = (docs: ReturnType<typeof fixtureDocs>) => problemLines(docs, { registry: REGISTRY });

describe('atrium check on a calendar screen', { timeout: 30_000 }, () => {
  it('accepts calls, route args, a body field and labels that exist', () => {
    expect(problems(withWeek().docs)).toEqual([]);
  });

  it('catches an unknown save call', () => {
    const { docs, at } = withWeek((s) => ({ ...s, save: { ...s.save, call: 'gadgets.nope' } }));
    expect(problems(docs)).toContain(
      `${SCREENS}:${at}/save/call: unknown call "gadgets.nope" (no call with this id in schemas/api)`,
    );
  });

  it('catches a body field the save call does not take', () => {
    const { docs, at } = withWeek((s) => ({ ...s, save: { ...s.save, body: 'shape' } }));
    expect(problems(docs)).toEqual([
      `${SCREENS}:${at}/save/body/body/shape: call "gadgets.save" has no body field "shape"`,
    ]);
  });

  it('checks a weekday prefix label for each weekday', () => {
    const { docs, at } = withWeek((s) => ({ ...s, labels: { ...s.labels, weekday: 'status.none' } }));
    const missing = problems(docs).filter((p) => p.startsWith(`${SCREENS}:${at}/labels/weekday:`));
    expect(missing).toHaveLength(7);
    expect(missing[0]).toContain('label "status.none.1" is missing in en.yaml, zh.yaml, cn.yaml');
  });
});
