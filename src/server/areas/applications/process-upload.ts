// A bare .bpmn uploaded for an installed application (docs/adr/0132-task-runtime-and-bare-bpmn.md):
// the application's package as installed (its stored manifest and process files) with the file's
// executable processes added or replaced, each given its manifest entry. The result is checked and
// installed as any package is (check-package.ts, install-package.ts), so the preview, the problems named
// per element and the warnings are the package upload's own.
import { stringify } from 'yaml';
import type { PackageFiles } from '../../../core/packages/check-package.ts';
import type { Manifest, Process } from '../../../core/packages/package-types.ts';
import { processesIn } from '../../../core/workflow/process-definition.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

/** What the upload becomes: the package to check, and the processes it adds or replaces. */
export interface ProcessUpload {
  files: PackageFiles;
  processIds: string[];
}

/** A file name under processes/ no other process keeps: the first process's id, numbered when taken. */
function freeFileName(id: string, taken: ReadonlySet<string>): string {
  const base = id.replace(/[^A-Za-z0-9_.-]/g, '_');
  for (let n = 1; ; n++) {
    const file = `processes/${base}${n === 1 ? '' : `-${n}`}.bpmn`;
    if (!taken.has(file)) return file;
  }
}

export async function processUpload(
  db: Db,
  application: { id: string },
  xml: string,
  formId: string | undefined,
): Promise<ProcessUpload> {
  const row = await db
    .selectFrom('applications')
    .select(['manifest'])
    .where('id', '=', application.id)
    .executeTakeFirstOrThrow();
  const manifest = structuredClone(row.manifest) as Manifest;
  const stored = await db
    .selectFrom('app_processes')
    .select(['id', 'bpmn'])
    .where('application_id', '=', application.id)
    .execute();
  const found = await processesIn(xml);
  // A collaboration's other pools (the customer, a supplier) are drawn, not run: the modelers mark the one to run.
  const chosen = found.some((p) => p.executable) ? found.filter((p) => p.executable) : found;
  if (chosen.length === 0) throw new AppError('validation', undefined, 'software.msg.noProcessInFile', '/path');
  const replaced = new Set(chosen.map((p) => p.id));
  const kept = (manifest.processes ?? []).filter((p) => !replaced.has(p.id));
  const file = freeFileName(chosen[0].id, new Set(kept.map((p) => p.file)));
  const form = formId ?? manifest.forms?.[0]?.id;
  if (!form) throw new AppError('validation', undefined, 'software.msg.noFormForProcess', '/path');
  const entries: Process[] = chosen.map((p) => {
    const before = manifest.processes?.find((x) => x.id === p.id);
    // A replaced process keeps its names, its form (unless another is asked for) and its node names.
    return before
      ? { ...before, file, form: formId ?? before.form }
      : { id: p.id, name: { en: p.name, zh: p.name, cn: p.name }, file, form };
  });
  const order = (manifest.processes ?? []).map((p) => p.id);
  manifest.processes = [...kept, ...entries].sort(
    (a, b) => (order.indexOf(a.id) + 1 || Infinity) - (order.indexOf(b.id) + 1 || Infinity),
  );
  const bpmnOf = new Map(stored.map((p) => [p.id, p.bpmn]));
  const files = new Map(kept.map((p) => [p.file, bpmnOf.get(p.id) ?? '']));
  files.set(file, xml);
  return { files: { manifest: stringify(manifest), files }, processIds: chosen.map((p) => p.id) };
}
