// References of a panel screen (docs/adr/0157-task-runtime-in-yaml.md): its read and action calls,
// labels, rules over `reply` (the answer), cell renderers and the form screens its actions open; a
// table's row actions (docs/adr/0162-table-row-actions.md): their calls, labels and rules over `row`.
import type { JoinedList, PanelScreen } from '../../../src/core/catalogue/panel-screen.ts';
import { pointerSegment } from '../../schema-walk.ts';
import type { Reference } from './reference.ts';
import type { referenceSink } from './reference.ts';

type Sink = ReturnType<typeof referenceSink>;
const REPLY = ['reply'] as const;

type RuleSink = (text: string | undefined, at: string) => void;

export function panelReferences(s: PanelScreen, ref: Sink, rule: RuleSink, rowRule: RuleSink): void {
  ref('call', s.read.call, '/read/call');
  for (const [name, read] of Object.entries(s.with ?? {})) ref('call', read.call, `/with/${pointerSegment(name)}/call`);
  ref('label', s.heading.label, '/heading/label');
  for (const [name, text] of Object.entries(s.heading.values ?? {}))
    rule(text, `/heading/values/${pointerSegment(name)}`);
  s.parts.forEach((part, i) => {
    const at = `/parts/${i}`;
    ref('label', part.title, `${at}/title`);
    rule(part.when, `${at}/when`);
    part.facts?.forEach((fact, j) => {
      ref('label', fact.label, `${at}/facts/${j}/label`);
      rule(fact.value, `${at}/facts/${j}/value`);
      ref('cellRenderer', fact.render, `${at}/facts/${j}/render`);
      for (const [value, label] of Object.entries(fact.labels ?? {}))
        ref('label', label, `${at}/facts/${j}/labels/${pointerSegment(value)}`);
      rule(fact.when, `${at}/facts/${j}/when`);
      rule(fact.aside, `${at}/facts/${j}/aside`);
      ref('label', fact.say, `${at}/facts/${j}/say`);
      if (fact.join) joinedListLabels(fact.join, `${at}/facts/${j}/join`, ref);
    });
    rule(part.form?.schema, `${at}/form/schema`);
    rule(part.form?.ui, `${at}/form/ui`);
    rule(part.form?.data, `${at}/form/data`);
    ref('cellRenderer', part.render?.name, `${at}/render/name`);
    rule(part.render?.value, `${at}/render/value`);
    rule(part.lines?.rows, `${at}/lines/rows`);
    ref('label', part.lines?.label, `${at}/lines/label`);
    part.table?.actions?.forEach((a, j) => {
      const where = `${at}/table/actions/${j}`;
      ref('call', a.call, `${where}/call`);
      for (const key of ['label', 'confirm', 'done'] as const) ref('label', a[key], `${where}/${key}`);
      rowRule(a.visible, `${where}/visible`);
    });
  });
  if (s.choose) {
    ref('call', s.choose.call, '/choose/call');
    for (const key of ['label', 'all', 'hint'] as const) ref('label', s.choose[key], `/choose/${key}`);
  }
  s.actions?.forEach((a, i) => {
    const at = `/actions/${i}`;
    ref('label', a.label, `${at}/label`);
    ref('label', a.confirm, `${at}/confirm`);
    ref('call', a.call, `${at}/call`);
    ref('screen', a.form, `${at}/form`);
    ref('screen', a.dialog, `${at}/dialog`);
    rule(a.visible, `${at}/visible`);
    ref('label', a.reveal?.note, `${at}/reveal/note`);
    a.reveal?.fields.forEach((f, j) => ref('label', f.label, `${at}/reveal/fields/${j}/label`));
    ref('label', a.result?.list?.label, `${at}/result/list/label`);
    for (const [field, text] of Object.entries(a.record ?? {})) rule(text, `${at}/record/${pointerSegment(field)}`);
  });
}

/** The labels of a joined list and of the lists joined in its entries. */
function joinedListLabels(list: JoinedList, at: string, ref: Sink): void {
  ref('label', list.item, `${at}/item`);
  ref('label', list.bare, `${at}/bare`);
  ref('label', list.empty, `${at}/empty`);
  for (const [field, inner] of Object.entries(list.lists ?? {}))
    joinedListLabels(inner, `${at}/lists/${pointerSegment(field)}`, ref);
}

/** A rule of a panel reads only its answer (a row action's, only its row). */
export function replyRule(out: Reference[], file: string, base: string, roots: readonly string[] = REPLY) {
  return (text: string | undefined, at: string): void => {
    if (text !== undefined) out.push({ kind: 'rule', name: text, file, pointer: base + at, roots });
  };
}
