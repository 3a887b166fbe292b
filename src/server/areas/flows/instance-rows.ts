// The monitoring list's rows (spec/domain-console.md, "Workflow state screen", "Entities and their fields" (Workflow state), "Validation rules" (Flow list)): an
// enterprise's instances with their flow's name in the caller's language, where each waits and who
// approves there (kept by the engine on the instance, docs/adr/0044-engine-state-in-tables.md); instance-search.ts reads the body's search.
import { sql } from 'kysely';
import type { Language } from '../../../core/catalogue/types.ts';
import type { Db } from '../../db/schema.ts';
import { inLanguage } from '../applications/application-sql.ts';
import { versionById } from '../../workflow/process-versions.ts';
import type { Ctx } from './governed.ts';
import { nodeNamer, packagesNodeNames, processKey } from './node-names.ts';

/** The instances joined with what a row shows (initiator, last actor, process). */
function joinedInstances(db: Db) {
  return db
    .selectFrom('flow_instances as i')
    .innerJoin('users as u', 'u.id', 'i.initiator_id')
    .leftJoin('users as la', 'la.id', 'i.last_actor_id')
    .leftJoin('app_processes as p', (join) =>
      join.onRef('p.application_id', '=', 'i.application_id').onRef('p.id', '=', 'i.process_id'),
    );
}

/** The instances with a row's fields, the flow's name in the caller's language. */
export function instanceRows(db: Db, language: Language) {
  return joinedInstances(db).select([
    'i.id',
    'i.application_id as applicationid',
    'i.id as docId',
    'i.process_id as flowId',
    'i.title',
    'i.status',
    'i.state_label as stateLabel',
    'i.state_nodes as stateNodes',
    'i.version_id as versionId',
    'i.auditor_names as auditorNames',
    'u.name as initiator',
    'i.summary',
    sql<string>`coalesce(la.name, '')`.as('lastAuditor'),
    sql<string>`to_char(i.started_at, 'YYYY-MM-DD HH24:MI:SS')`.as('firstProcessTime'),
    sql<string>`to_char(i.updated_at, 'YYYY-MM-DD HH24:MI:SS')`.as('lastProcessTime'),
    inLanguage(sql.ref('p.names'), sql.ref('i.process_id'), language).as('flowName'),
  ]);
}

/** A day alone (10 characters or fewer) is widened to its first or last second (spec/domain-console.md, "Validation rules" (Flow list)). */
export const dayStart = (value: string) => (value.length <= 10 ? `${value} 00:00:00` : value);
export const dayEnd = (value: string) => (value.length <= 10 ? `${value} 23:59:59` : value);

/** The spec's summary: JSON with summaryText and showTags (markup the console sanitizes), or plain text. */
export function readSummary(summary: string): { summary: string; showTags: boolean } {
  if (!summary.startsWith('{')) return { summary, showTags: false };
  try {
    const parsed = JSON.parse(summary) as { summaryText?: unknown; showTags?: unknown };
    if (typeof parsed.summaryText === 'string')
      return { summary: parsed.summaryText, showTags: parsed.showTags === true };
  } catch {
    // not JSON after all: plain text
  }
  return { summary, showTags: false };
}

type Row = Awaited<ReturnType<ReturnType<typeof instanceRows>['executeTakeFirstOrThrow']>>;

/** Rows as the lists answer them: the summary read, a finished instance's state said in words, a
 *  running one's current nodes named in the reader's language where its package names them (one query
 *  for the rows' applications; the versions' BPMN names are kept in memory, process-versions.ts). */
export async function listed<R extends Row>(ctx: Ctx, rows: readonly R[], language: Language) {
  const { db } = ctx.services;
  const running = rows.filter((row) => row.status === 'running');
  const names = await packagesNodeNames(
    db,
    running.map((row) => row.applicationid),
    language,
  );
  const currentNodes = async (row: R): Promise<string> => {
    const named = names.get(processKey(row.applicationid, row.flowId));
    // A process its package names no node of shows the BPMN names the engine keeps.
    if (!named || row.stateNodes.length === 0) return row.stateLabel;
    const nodeName = nodeNamer(named, (await versionById(db, row.versionId)).definition);
    return [...new Set(row.stateNodes.map(nodeName))].join(', ');
  };
  return Promise.all(
    rows.map(async (row) => {
      const { stateNodes: _nodes, versionId: _version, ...shown } = row;
      const stateLabel =
        row.status === 'running'
          ? await currentNodes(row)
          : await ctx.request.atrium.translate(`flow.status.${row.status}`);
      return { ...shown, stateLabel, ...readSummary(row.summary) };
    }),
  );
}
