// A panel screen and the task runtime's other catalogue options (docs/adr/0157-task-runtime-in-yaml.md)
// are checked like any other screen: `atrium check` catches an unknown call or form screen, a rule of a
// panel reading anything but its answer, an unregistered cell renderer, a missing label, an unknown
// key, and a route value naming a field the documentation sign-in does not have.
import { describe, expect, it } from 'vitest';
import { FIXTURE_REGISTRY, SCREENS, fixtureDocs, problemLines, setAt } from './broken-catalogue.ts';

const REGISTRY = { ...FIXTURE_REGISTRY, screenKinds: [...FIXTURE_REGISTRY.screenKinds, 'panel'] };

const PANEL = {
  id: 'gadget.panel',
  title: 'screen.gadget',
  kind: 'panel',
  testId: 'gadget-panel',
  read: { call: 'gadgets.get', args: { params: { id: 'gadgetid' } } },
  // A form part reads objects of the answer (generator/check/panel-reads.ts): a joined read's record.
  with: { record: { call: 'gadgets.get', args: { params: { id: 'gadgetid' } } } },
  heading: { label: 'screen.gadget', values: { name: 'reply.name' } },
  close: ['gadgetid'],
  parts: [
    {
      testId: 'gadget-facts',
      facts: [{ label: 'field.gadget.name', value: 'reply.name', render: 'status' }],
      form: { schema: 'reply.record', data: 'reply.record' },
    },
  ],
  actions: [
    { id: 'edit', label: 'action.new', form: 'gadget.form', record: { name: 'reply.name' }, visible: 'reply.name' },
    { id: 'drop', label: 'action.remove', call: 'gadgets.remove', confirm: 'msg.selectFirst' },
  ],
};

function withPanel(change: (screen: typeof PANEL) => unknown = (s) => s) {
  const docs = fixtureDocs();
  const screens = (docs.find((d) => d.file === SCREENS)!.data as { screens: unknown[] }).screens;
  const at = `/screens/${screens.length}`;
  return { docs: setAt(docs, SCREENS, at, change(structuredClone(PANEL))), at };
}

const problems = (docs: ReturnType<typeof fixtureDocs>) => problemLines(docs, { registry: REGISTRY });

describe('atrium check on a panel screen', { timeout: 30_000 }, () => {
  it('accepts calls, a form screen, rules over the answer, a renderer and labels that exist', () => {
    expect(problems(withPanel().docs)).toEqual([]);
  });

  it('catches an unknown action call and form screen', () => {
    const { docs, at } = withPanel((s) => ({
      ...s,
      actions: [
        { ...s.actions[0], form: 'gadget.nope' },
        { ...s.actions[1], call: 'gadgets.nope' },
      ],
    }));
    const found = problems(docs);
    expect(found.some((p) => p.startsWith(`${SCREENS}:${at}/actions/0/form:`))).toBe(true);
    expect(found).toContain(
      `${SCREENS}:${at}/actions/1/call: unknown call "gadgets.nope" (no call with this id in schemas/api)`,
    );
  });

  it('refuses a rule reading anything but the answer, an unknown renderer and a missing label', () => {
    const { docs, at } = withPanel((s) => ({
      ...s,
      heading: { label: 'screen.nope', values: { name: 'form.name' } },
      parts: [{ ...s.parts[0], facts: [{ label: 'field.gadget.name', value: 'reply.name', render: 'nope' }] }],
    }));
    const found = problems(docs);
    expect(found.some((p) => p.startsWith(`${SCREENS}:${at}/heading/values/name:`))).toBe(true);
    expect(found.some((p) => p.startsWith(`${SCREENS}:${at}/parts/0/facts/0/render:`))).toBe(true);
    expect(found).toContain(
      `${SCREENS}:${at}/heading/label: label "screen.nope" is missing in en.yaml, zh.yaml, cn.yaml`,
    );
  });

  it('refuses an unknown key and a sign-in field that does not exist', () => {
    const unknown = withPanel((s) => ({ ...s, colour: 'red' }));
    expect(problems(unknown.docs).some((p) => p.startsWith(`${SCREENS}:${unknown.at}`))).toBe(true);
    const signIn = withPanel((s) => ({ ...s, read: { ...s.read, args: { params: { id: 'signIn.password' } } } }));
    expect(problems(signIn.docs).some((p) => p.startsWith(`${SCREENS}:${signIn.at}/read/args/params/id`))).toBe(true);
    const known = withPanel((s) => ({ ...s, read: { ...s.read, args: { params: { id: 'signIn.userCode' } } } }));
    expect(problems(known.docs)).toEqual([]);
  });
});
