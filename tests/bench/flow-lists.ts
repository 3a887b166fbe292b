// The flow monitoring list (flows.list) as administrators use it, each search field of
// spec/domain-console.md, "Workflow state screen" (flow name, current node, initiator, last approver, summary, first and last
// processing dates) and the pages alone, every request a new one drawn from the generated instances;
// and each repeated, which the list cache answers (docs/adr/0072-flow-list-pages-kept.md).
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/schema.ts';
import type { VariedRequest } from './load.ts';
import { drawer, pages, pairs, piece, random, type ListCase } from './varied-lists.ts';
import type { FlowDataSet } from './workflow-data.ts';

/** Days back the generated instances span (workflow-data.ts). */
const SPAN_DAYS = 540;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** A window of up to a month somewhere in the instances' span. */
function dates(): [string, string] {
  const end = random(SPAN_DAYS);
  return [day(end + 1 + random(30)), day(end)];
}

export async function flowCases(db: Db, auth: Record<string, string>, data: FlowDataSet): Promise<ListCase[]> {
  const path = `/authtime/domain/${data.domainId}/workflow/flowstaterts`;
  const post = (page: number, search: object): VariedRequest => ({
    path: `${path}?currpage=${page}&pagelines=10`,
    body: { application: data.applicationId, ...search },
    headers: auth,
  });
  // Who starts and who approves: the enterprise's on-job people (the generator draws both from them).
  const { rows: people } = await sql<{ name: string }>`select name from users
    where domain_id = ${data.domainId} and status = 1 order by md5(id) limit 300`.execute(db);
  const names = people.map((p) => p.name);
  const { rows: processes } = await sql<{ names: Record<string, string> }>`select names from app_processes
    where application_id = ${data.applicationId}`.execute(db);
  const flowWords = processes.flatMap((p) => Object.values(p.names)).flatMap((n) => [n, piece(n), piece(n)]);
  const nodeWords = ['Manager approval', 'Manager', 'approval', 'HR', 'Start'];
  const lastPage = Math.floor(data.instances / 10);
  const page = drawer(pages(lastPage));
  const by = (field: string, words: string[]) => {
    const next = drawer(pairs(words, pages(3)));
    return () => {
      const [word, p] = next();
      return post(p, { [field]: word });
    };
  };
  const summaries = Array.from({ length: 2_000 }, () => `Request ${1 + random(data.instances)}`);
  return [
    { name: `flows page (1–${lastPage})`, varied: () => post(page(), {}), repeated: post(1, {}) },
    { name: 'flows by flow name', varied: by('_flowName', flowWords), repeated: post(1, { _flowName: 'leave' }) },
    {
      name: 'flows by current node',
      varied: by('_stateLabel', nodeWords),
      repeated: post(1, { _stateLabel: 'Manager' }),
    },
    { name: 'flows by initiator', varied: by('_initiator', names), repeated: post(1, { _initiator: names[0] }) },
    {
      name: 'flows by last approver',
      varied: by('_lastAuditor', names),
      repeated: post(1, { _lastAuditor: names[0] }),
    },
    { name: 'flows by summary', varied: by('_summary', summaries), repeated: post(1, { _summary: 'Request 4217' }) },
    {
      name: 'flows by first processing dates',
      varied: () => {
        const [from, to] = dates();
        return post(1 + random(3), { _firstProcessTimeFrom: from, _firstProcessTimeTo: to });
      },
      repeated: post(1, { _firstProcessTimeFrom: day(30), _firstProcessTimeTo: day(0) }),
    },
    {
      name: 'flows by last processing dates',
      varied: () => {
        const [from, to] = dates();
        return post(1 + random(3), { _lastProcessTimeFrom: from, _lastProcessTimeTo: to });
      },
      repeated: post(1, { _lastProcessTimeFrom: day(30), _lastProcessTimeTo: day(0) }),
    },
  ];
}
