// References of the dialog screen kinds (docs/adr/0154-dialog-screen-kinds.md): their calls and labels,
// and the job's `when` rule, which reads only `row` (the data the opener hands over).
import type { ChecklistScreen, JobScreen, ScreenDef } from '../../../src/core/catalogue/types.ts';
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
  for (const key of ['unavailable', 'confirm', 'running'] as const) ref('label', s[key], `/${key}`);
  if (s.when) out.push({ kind: 'rule', name: s.when, file: at.file, pointer: `${at.pointer}/when`, roots: ['row'] });
}

export function dialogScreenReferences(screen: ScreenDef, out: Reference[]): void {
  const ref = referenceSink(out, screen.origin.file, screen.origin.pointer);
  if (screen.kind === 'checklist') checklistReferences(screen, ref);
  if (screen.kind === 'job') jobReferences(screen, ref, out, screen.origin);
}
