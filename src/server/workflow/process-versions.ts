// The version of a process an instance runs (docs/adr/0044-engine-state-in-tables.md). The package's current BPMN (app_processes) becomes a
// new version the first time an instance starts after it changed; instances keep the version they
// started on, so an upgrade never changes the path of one already running.
import { randomUUID } from 'node:crypto';
import { readProcess, type ProcessDefinition } from '../../core/workflow/process-definition.ts';
import type { Db } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

export interface ProcessVersion {
  id: string;
  applicationId: string;
  processId: string;
  version: number;
  definition: ProcessDefinition;
}

const toVersion = async (row: {
  id: string;
  application_id: string;
  process_id: string;
  version: number;
  bpmn: string;
  graph: unknown;
}): Promise<ProcessVersion> => ({
  id: row.id,
  applicationId: row.application_id,
  processId: row.process_id,
  version: row.version,
  definition: await withLoopCounters(row.id, row.graph as ProcessDefinition, row.bpmn),
});

/** Per version, the loopCounter numbering its file gives its multi-instance activities (by node id). */
const numberings = new Map<string, Map<string, 1>>();

/** A version's multi-instance activities with the loopCounter numbering of the engine its file was drawn
 *  for (docs/adr/0228-loop-counter-by-vendor.md): a graph written before the reader recorded it (none of
 *  its activities counts from 1) gets it from its file, read once per version and server. */
async function withLoopCounters(id: string, definition: ProcessDefinition, bpmn: string): Promise<ProcessDefinition> {
  const multi = Object.values(definition.nodes).filter((n) => n.multi);
  if (multi.length === 0 || multi.some((n) => n.multi!.loopCounterFrom)) return definition;
  let numbering = numberings.get(id);
  if (!numbering) {
    const read = (await readProcess(bpmn, definition.id)).definition;
    numbering = new Map(multi.flatMap((n) => (read?.nodes[n.id]?.multi?.loopCounterFrom ? [[n.id, 1 as const]] : [])));
    numberings.set(id, numbering);
  }
  for (const [nodeId, from] of numbering) definition.nodes[nodeId].multi!.loopCounterFrom = from;
  return definition;
}

/** The version of the application's process to start now; 1404 when the application has no such process. */
export async function currentVersion(db: Db, applicationId: string, processId: string): Promise<ProcessVersion> {
  const current = await db
    .selectFrom('app_processes')
    .select('bpmn')
    .where('application_id', '=', applicationId)
    .where('id', '=', processId)
    .executeTakeFirst();
  if (!current) throw new AppError('notFound', undefined, 'workflow.msg.noProcess');
  const latest = await db
    .selectFrom('process_versions')
    .select(['id', 'application_id', 'process_id', 'version', 'graph', 'bpmn'])
    .where('application_id', '=', applicationId)
    .where('process_id', '=', processId)
    .orderBy('version', 'desc')
    .executeTakeFirst();
  if (latest && latest.bpmn === current.bpmn) return toVersion(latest);
  // The install checked the file already; a definition it let through always reads.
  const { definition } = await readProcess(current.bpmn, processId);
  if (!definition) throw new AppError('conflict', { id: processId }, 'workflow.msg.processBroken');
  const version = (latest?.version ?? 0) + 1;
  // Two first starts at once: one inserts, the other reads what it inserted.
  await db
    .insertInto('process_versions')
    .values({
      id: randomUUID(),
      application_id: applicationId,
      process_id: processId,
      version,
      bpmn: current.bpmn,
      graph: JSON.stringify(definition),
    })
    .onConflict((oc) => oc.columns(['application_id', 'process_id', 'version']).doNothing())
    .execute();
  const row = await db
    .selectFrom('process_versions')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('process_id', '=', processId)
    .where('version', '=', version)
    .executeTakeFirstOrThrow();
  return toVersion(row);
}

/** A version never changes once written, so each is read once per server (ids are never reused). */
const versions = new Map<string, ProcessVersion>();

export async function versionById(db: Db, id: string): Promise<ProcessVersion> {
  let version = versions.get(id);
  if (!version) {
    version = await toVersion(
      await db.selectFrom('process_versions').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    );
    versions.set(id, version);
  }
  return version;
}
