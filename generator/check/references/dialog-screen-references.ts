// References of the dialog screen kinds (docs/adr/0154-dialog-screen-kinds.md): their calls and labels,
// and the rules (a job's `when`, a rows column's note), which read only `row` (the data the opener hands over).
import type {
  ChecklistScreen,
  JobScreen,
  RecordScreen,
  RowsScreen,
  ScreenDef,
} from '../../../src/core/catalogue/types.ts';
import type { Reference } from './reference.ts';
import { referenceSink } from './reference.ts';

type Sink = ReturnType<typeof referenceSink>;

function checklistReferences(s: ChecklistScreen, ref: Sink): void {
  ref('call', s.read.call, '/read/call');
  ref('call', s.save.call, '/save/call');
  for (const key of ['label', 'done', 'required'] as const) ref('label', s.save[key], `/save/${key}`);
  ref('label', s.intro, '/intro');
  ref('label', s.empty, '/empty');
}

function jobReferences(s: JobScreen, ref: Sink, out: Reference[], at: { file: string; pointer: string }): void {
  ref('call', s.status.call, '/status/call');
  ref('call', s.start.call, '/start/call');
  ref('label', s.start.label, '/start/label');
  for (const key of ['unavailable', 'confirm', 'running', 'starting', 'done'] as const) ref('label', s[key], `/${key}`);
  if (s.when) out.push({ kind: 'rule', name: s.when, file: at.file, pointer: `${at.pointer}/when`, roots: ['row'] });
}

function rowsReferences(s: RowsScreen, ref: Sink, out: Reference[], at: { file: string; pointer: string }): void {
  ref('call', s.read.call, '/read/call');
  ref('call', s.save.call, '/save/call');
  for (const key of ['label', 'done'] as const) ref('label', s.save[key], `/save/${key}`);
  for (const key of ['intro', 'empty'] as const) ref('label', s[key], `/${key}`);
  for (const key of ['label', 'placeholder'] as const) ref('label', s.edit[key], `/edit/${key}`);
  ref('label', s.edit.pick?.label, '/edit/pick/label');
  s.columns.forEach((c, i) => {
    ref('label', c.label, `/columns/${i}/label`);
    ref('label', c.note?.label, `/columns/${i}/note/label`);
    if (c.note)
      out.push({
        kind: 'rule',
        name: c.note.when,
        file: at.file,
        pointer: `${at.pointer}/columns/${i}/note/when`,
        roots: ['row'],
      });
  });
}

function recordReferences(s: RecordScreen, ref: Sink): void {
  ref('call', s.read.call, '/read/call');
  ref('call', s.save.call, '/save/call');
  for (const key of ['label', 'done'] as const) ref('label', s.save[key], `/save/${key}`);
  ref('label', s.intro, '/intro');
  s.switches?.forEach((w, i) => ref('label', w.label, `/switches/${i}/label`));
  for (const key of ['add', 'none'] as const) ref('label', s.users?.[key], `/users/${key}`);
  s.users?.groups.forEach((g, i) => ref('label', g.label, `/users/groups/${i}/label`));
}

export function dialogScreenReferences(screen: ScreenDef, out: Reference[]): void {
  const ref = referenceSink(out, screen.origin.file, screen.origin.pointer);
  if (screen.kind === 'checklist') checklistReferences(screen, ref);
  if (screen.kind === 'job') jobReferences(screen, ref, out, screen.origin);
  if (screen.kind === 'rows') rowsReferences(screen, ref, out, screen.origin);
  if (screen.kind === 'record') recordReferences(screen, ref);
}
