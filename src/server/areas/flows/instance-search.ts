// The monitoring list's search read as conditions on flow_instances alone (docs/adr/0070-flow-list-million-instances.md). The names a search
// gives are resolved first, in the small tables that hold them: the initiator's and last auditor's to
// the ids of the enterprise's few users so named (users' trigram index; kept until users change;
// docs/adr/0213-flow-people-and-log-operators-resolved-first.md), the flow's to
// the processes so named, a current node's name in the reader's language to the package's nodes so
// named. The page and its total then read one table through its indexes, never joining a million rows to users.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Language } from '../../../core/catalogue/types.ts';
import type { FlowstatertSearch } from '../../../core/generated/api-types.ts';
import { containsIndexedText, containsText } from '../../db/contains-text.ts';
import type { Db } from '../../db/schema.ts';
import type { PeopleByName } from './people-by-name.ts';
import { inLanguage } from '../applications/application-sql.ts';
import { dayEnd, dayStart } from './instance-rows.ts';
import { nodesNamed } from './node-names.ts';
import { bySummary } from './summary-words.ts';

type Condition = RawBuilder<SqlBool>;

/** More users of one name than this are matched by a subquery instead of a list of ids. */
const LISTED_PEOPLE = 1000;

const nothing = sql<SqlBool>`false`;

type Services = { db: Db; flowPeople: PeopleByName };

/** The ids of the enterprise's users whose name contains `text` (null: more than LISTED_PEOPLE), kept
 *  until users change. Only the enterprise's own: an instance's initiator starts it in their enterprise,
 *  its approvers are resolved among its enterprise's users (workflow/approvers.ts, intervene.ts'
 *  checkUsers), and a user never changes enterprise; other tenants' namesakes (a million users of one
 *  name fragment) would make the list of ids too long to walk per person (docs/adr/0213-flow-people-and-log-operators-resolved-first.md). */
const peopleNamed = ({ db, flowPeople }: Services, domainId: string, text: string): Promise<string[] | null> =>
  flowPeople.through(JSON.stringify([domainId, text.toLowerCase()]), async () => {
    const people = await db
      .selectFrom('users')
      .select('id')
      .where('domain_id', '=', domainId)
      .where(containsIndexedText(sql.ref('name'), text))
      .limit(LISTED_PEOPLE + 1)
      .execute();
    return people.length > LISTED_PEOPLE ? null : people.map((p) => p.id);
  });

type PersonColumn = 'i.initiator_id' | 'i.last_actor_id';

/** `column` holds one of the users whose name contains `text`. */
async function byPersonName(
  services: Services,
  domainId: string,
  column: PersonColumn,
  text: string,
): Promise<Condition> {
  const ids = await peopleNamed(services, domainId, text);
  if (ids === null)
    return sql<SqlBool>`${sql.ref(column)} in (select id from users where domain_id = ${domainId} and ${containsIndexedText(sql.ref('name'), text)})`;
  return ids.length === 0 ? nothing : sql<SqlBool>`${sql.ref(column)} = any(${sql.val(ids)}::text[])`;
}

/** A page is read per person up to this many people (page-ids.ts); more are read as one set. */
const PAGED_PEOPLE = 50;

/** The people a search by last approver (else initiator) names, when few enough for a page read per
 *  person in the list's order (page-ids.ts, docs/adr/0146-log-pages-kept-and-anchored.md). */
export async function pagedPeople(
  services: Services,
  domainId: string,
  search: FlowstatertSearch,
): Promise<{ column: PersonColumn; ids: string[] } | undefined> {
  const [column, text] = search._lastAuditor?.trim()
    ? (['i.last_actor_id', search._lastAuditor.trim()] as const)
    : (['i.initiator_id', search._initiator?.trim()] as const);
  if (!text) return undefined;
  const ids = await peopleNamed(services, domainId, text);
  return ids && ids.length > 0 && ids.length <= PAGED_PEOPLE ? { column, ids } : undefined;
}

/** The instance runs a process whose name in `language` (its id where it has none) contains `text`.
 *  Every instance's process has a version (process_versions), so the versions name every process run. */
async function byFlowName(
  db: Db,
  text: string,
  language: Language,
  applicationId: string | undefined,
): Promise<Condition> {
  let named = db
    .selectFrom('process_versions as v')
    .leftJoin('app_processes as p', (join) =>
      join.onRef('p.application_id', '=', 'v.application_id').onRef('p.id', '=', 'v.process_id'),
    )
    .select(['v.application_id', 'v.process_id'])
    .distinct()
    .where(containsText(inLanguage(sql.ref('p.names'), sql.ref('v.process_id'), language), text));
  if (applicationId !== undefined) named = named.where('v.application_id', '=', applicationId);
  const processes = new Map<string, string[]>();
  for (const row of await named.execute())
    processes.set(row.application_id, [...(processes.get(row.application_id) ?? []), row.process_id]);
  if (processes.size === 0) return nothing;
  const each = [...processes].map(
    ([application, ids]) =>
      sql<SqlBool>`(i.application_id = ${application} and i.process_id = any(${sql.val(ids)}::text[]))`,
  );
  return sql<SqlBool>`(${sql.join(each, sql` or `)})`;
}

/** The instance waits at a node whose name contains `text`: its BPMN name (state_label), or the name its
 *  package gives it in `language` (state_nodes holds the current nodes' ids; node-names.ts). */
async function byNodeName(
  db: Db,
  domainId: string,
  text: string,
  language: Language,
  applicationId: string | undefined,
): Promise<Condition> {
  const stored =
    applicationId === undefined
      ? containsText(sql.ref('i.state_label'), text)
      : sql<SqlBool>`i.state_label in (${labelsContaining(domainId, applicationId, text)})`;
  // Only an instance that waits somewhere matches (a name contains the text, or a node id is shared):
  // said outright, so the index of waiting instances (migration 0044) serves the search.
  const waiting = sql<SqlBool>`(i.state_label <> '' or cardinality(i.state_nodes) > 0)`;
  const named = await nodesNamed(db, language, (name) => containsText(name, text), applicationId);
  if (named.length === 0) return sql<SqlBool>`(${waiting} and ${stored})`;
  const each = named.map(
    ({ applicationId: application, processId, nodeIds }) =>
      sql<SqlBool>`(i.application_id = ${application} and i.process_id = ${processId} and i.state_nodes && ${sql.val(nodeIds)}::text[])`,
  );
  return sql<SqlBool>`(${waiting} and (${stored} or ${sql.join(each, sql` or `)}))`;
}

/** The distinct labels of an application's waiting instances that contain `text`, read by skipping from
 *  one label to the next in migration 0049's index (a few entries a label), so the search's total
 *  counts `state_label = any(…)` from that deduplicated index alone instead of testing every waiting
 *  instance's label (docs/adr/0165-off-order-pages-and-waiting-labels.md). */
const labelsContaining = (domainId: string, applicationId: string, text: string) => {
  const next = (after: RawBuilder<unknown> | null) => sql`select w.state_label from flow_instances w
    where w.domain_id = ${domainId} and w.application_id = ${applicationId}
      and (w.state_label <> '' or cardinality(w.state_nodes) > 0)${after ? sql` and w.state_label > ${after}` : sql``}
    order by w.state_label limit 1`;
  return sql`with recursive labels (label) as ((${next(null)})
      union all select (${next(sql`labels.label`)}) from labels where labels.label is not null)
    select label from labels where label is not null and ${containsText(sql.ref('label'), text)}`;
};

/** Instances by their jobs/** Instances by their jobs (docs/adr/0140-jobs-in-flow-monitoring.md), through flow_jobs' instance index. */
const JOBS: Record<NonNullable<FlowstatertSearch['_jobs']>, Condition> = {
  incident: sql<SqlBool>`exists (select 1 from flow_jobs j where j.instance_id = i.id and j.failed_at is not null)`,
  failed: sql<SqlBool>`exists (select 1 from flow_jobs j where j.instance_id = i.id and (j.failed_at is not null or j.error <> ''))`,
  any: sql<SqlBool>`exists (select 1 from flow_jobs j where j.instance_id = i.id)`,
};

/** The enterprise's instances the search keeps, as conditions on `flow_instances as i`. Deleted
 *  instances only when asked for. Names are matched as instanceRows shows them (containsText). */
export async function searchConditions(
  services: Services,
  domainId: string,
  search: FlowstatertSearch,
  language: Language,
): Promise<Condition[]> {
  const text = (value: string | undefined) => value?.trim() || undefined;
  const application = text(search.application);
  const where: Condition[] = [sql<SqlBool>`i.domain_id = ${domainId}`];
  if (application) where.push(sql<SqlBool>`i.application_id = ${application}`);
  where.push(search.status ? sql<SqlBool>`i.status = ${search.status}` : sql<SqlBool>`i.status <> 'deleted'`);
  const summary = text(search._summary);
  if (summary) where.push(await bySummary(services.db, summary));
  const node = text(search._stateLabel);
  if (node) where.push(await byNodeName(services.db, domainId, node, language, application));
  const from = (value: string | undefined, column: string) =>
    text(value) && where.push(sql<SqlBool>`${sql.ref(column)} >= ${dayStart(text(value)!)}::timestamp`);
  const to = (value: string | undefined, column: string) =>
    text(value) && where.push(sql<SqlBool>`${sql.ref(column)} <= ${dayEnd(text(value)!)}::timestamp`);
  from(search._firstProcessTimeFrom, 'i.started_at');
  to(search._firstProcessTimeTo, 'i.started_at');
  from(search._lastProcessTimeFrom, 'i.updated_at');
  to(search._lastProcessTimeTo, 'i.updated_at');
  const flowName = text(search._flowName);
  if (flowName) where.push(await byFlowName(services.db, flowName, language, application));
  const initiator = text(search._initiator);
  if (initiator) where.push(await byPersonName(services, domainId, 'i.initiator_id', initiator));
  const lastAuditor = text(search._lastAuditor);
  if (lastAuditor) where.push(await byPersonName(services, domainId, 'i.last_actor_id', lastAuditor));
  if (search._jobs) where.push(JOBS[search._jobs]);
  return where;
}
