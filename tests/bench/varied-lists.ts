// The lists as administrators use them, every request a new one (a search word drawn from the
// data set, a page, a caller), with the list cache on as in production, against the trivial route of the
// same run; and the same lists with one request repeated, which the cache answers. Targets on the
// varied figures: throughput ≥ 0.25 of the trivial route, p99 ≤ 30 ms.
import { BIG_TENANT, searchWords, TENANTS } from './data-set.ts';
import { figuresRow, load, loadVaried, signIn, verdict, type Figures, type VariedRequest } from './load.ts';

const TARGET_RATIO = 0.25;
const TARGET_P99_MS = 30;
const BASELINE_S = 5;

export const random = (n: number) => Math.floor(Math.random() * n);

/** A drawer of `list`'s items in a shuffled order, each once before any comes again. */
export function drawer<T>(list: readonly T[]): () => T {
  let left: T[] = [];
  return () => {
    if (left.length === 0) left = [...list].sort(() => Math.random() - 0.5);
    return left.pop()!;
  };
}
/** Every pair of `a`'s and `b`'s items (a search word and a page). */
export const pairs = <A, B>(a: readonly A[], b: readonly B[]): Array<[A, B]> =>
  a.flatMap((x) => b.map((y): [A, B] => [x, y]));
export const pages = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** A piece of 2–4 characters of `text`. */
export function piece(text: string): string {
  const length = 2 + random(3);
  const start = random(Math.max(1, text.length - length + 1));
  return text.slice(start, start + length);
}

export interface ListCase {
  name: string;
  varied: () => VariedRequest;
  repeated: VariedRequest;
}

/** The bench admins who sign in as the enterprise list's other callers (each governs ten tenants). */
const CALLERS = 20;

/** The console's lists of the big tenant (of `size` users) and the enterprise list. */
export async function listCases(
  base: string,
  auth: Record<string, string>,
  size: number = BIG_TENANT.users,
): Promise<ListCase[]> {
  const words = searchWords();
  const callers = [auth];
  for (let i = 1; i <= CALLERS; i++) callers.push(await signIn(base, `benchadmin${i}`));
  const users = `/authtime/domain/${BIG_TENANT.id}/users`;
  const lastPage = Math.floor(size / 10);
  const tenantNames = Array.from({ length: TENANTS }, (_, i) => `Bench_Tenant_${String(i + 1).padStart(5, '0')}`);
  const leaves = pages(10).flatMap((a) => pages(10).flatMap((b) => pages(10).map((c) => `big-3-${a}-${b}-${c}`)));
  const post = (path: string, body: unknown, headers = auth): VariedRequest => ({ path, body, headers });
  const enterprise = drawer(pairs(tenantNames.map(piece), pages(3)));
  const userPage = drawer(pages(lastPage));
  const departmentPage = drawer(pairs(leaves, pages(5)));
  const name = drawer(pairs(words.names, pages(3)));
  const login = drawer(pairs(words.logins, pages(3)));
  const department = drawer(pairs(words.departments, pages(20)));
  const keyword = drawer(pairs([...words.names, ...words.logins], pages(2)));
  let caller = 0;
  return [
    {
      name: 'enterprises (page, name, caller)',
      varied: () => {
        const [text, page] = enterprise();
        caller = (caller + 1) % callers.length;
        return post(`/authtime/domains?currpage=${page}&pagelines=10`, { name: text }, callers[caller]);
      },
      repeated: post('/authtime/domains?currpage=1&pagelines=10', {}),
    },
    {
      name: `users (pages 1–${lastPage})`,
      varied: () => post(`${users}?currpage=${userPage()}&pagelines=10`, {}),
      repeated: post(`${users}?currpage=1&pagelines=10`, {}),
    },
    {
      name: 'department users (leaf, page)',
      varied: () => {
        const [leaf, page] = departmentPage();
        return post(`${users}?departmentid=${leaf}&currpage=${page}&pagelines=10`, {});
      },
      repeated: post(`${users}?departmentid=big-3-1-1-1&currpage=1&pagelines=10`, {}),
    },
    {
      name: 'users name search (fragment, page)',
      varied: () => {
        const [text, page] = name();
        return post(`${users}?currpage=${page}&pagelines=10`, { name: text });
      },
      repeated: post(`${users}?currpage=1&pagelines=10`, { name: 'Martin' }),
    },
    {
      name: 'users login prefix search',
      varied: () => {
        const [text, page] = login();
        return post(`${users}?currpage=${page}&pagelines=10`, { loginno: text });
      },
      repeated: post(`${users}?currpage=1&pagelines=10`, { loginno: 'anna.' }),
    },
    {
      name: 'users by department name',
      varied: () => {
        const [text, page] = department();
        return post(`${users}?currpage=${page}&pagelines=10`, { superiorname: text });
      },
      repeated: post(`${users}?currpage=1&pagelines=10`, { superiorname: 'Unit 3.4' }),
    },
    {
      name: 'user selection, query tab',
      varied: () => {
        const [text, page] = keyword();
        return post(`${users}?currpage=${page}&pagelines=10`, { keyword: text, status: '1' });
      },
      repeated: post(`${users}?currpage=1&pagelines=10`, { keyword: '张伟', status: '1' }),
    },
  ];
}

/** A few of the case's requests by hand: each must succeed (errors answer HTTP 200 with an errcode). */
async function sampled(base: string, next: () => VariedRequest): Promise<boolean> {
  for (let i = 0; i < 20; i++) {
    const r = next();
    const reply = await fetch(base + r.path, {
      method: 'POST',
      headers: { ...r.headers, 'content-type': 'application/json' },
      body: JSON.stringify(r.body),
    });
    const json = (await reply.json()) as { errcode: number; errmsg: string };
    if (json.errcode !== 0) {
      console.log(`FAIL  ${r.path} ${JSON.stringify(r.body)}: ${json.errmsg}`);
      return false;
    }
  }
  return true;
}

const ratioRow = (name: string, f: Figures, baseline: Figures) =>
  `${figuresRow(name, f)}  ratio ${(f.rps / baseline.rps).toFixed(3)}`;

export interface CaseFigures {
  name: string;
  baseline: Figures;
  varied: Figures;
  repeated: Figures;
}

/** Each case varied, then repeated, with the trivial route measured beside it (a shared machine drifts
 *  within a run); answers the figures, or null when a sampled request failed. */
export async function measureCases(
  base: string,
  auth: Record<string, string>,
  cases: ListCase[],
): Promise<CaseFigures[] | null> {
  const figures: CaseFigures[] = [];
  for (const c of cases) {
    if (!(await sampled(base, c.varied))) return null;
    const beside = await load(`${base}/authtime/health`, 'GET', auth, undefined, BASELINE_S);
    const varied = await loadVaried(base, c.varied);
    const repeated = await load(base + c.repeated.path, 'POST', c.repeated.headers, c.repeated.body);
    figures.push({ name: c.name, baseline: beside, varied, repeated });
  }
  return figures;
}

/** Prints the figures and the verdicts of the varied ones; answers whether every target held. */
export function reportCases(figures: CaseFigures[]): boolean {
  let ok = true;
  for (const f of figures) {
    console.log(figuresRow(`baseline beside ${f.name}`, f.baseline));
    console.log(ratioRow(`${f.name}, varied`, f.varied, f.baseline));
    console.log(ratioRow(`${f.name}, repeated`, f.repeated, f.baseline));
  }
  for (const f of figures) {
    const ratio = f.varied.rps / f.baseline.rps;
    if (!verdict(`${f.name}: throughput`, ratio.toFixed(3), `≥ ${TARGET_RATIO}`, ratio >= TARGET_RATIO)) ok = false;
    // No answer within the run leaves autocannon's p99 at 0: that is a failure, not a fast list.
    if (
      !verdict(
        `${f.name}: p99`,
        `${f.varied.p99} ms`,
        `≤ ${TARGET_P99_MS} ms`,
        f.varied.rps > 0 && f.varied.p99 <= TARGET_P99_MS,
      )
    )
      ok = false;
    if (f.varied.errors + f.repeated.errors > 0) ok = false;
  }
  return ok;
}

/** Every list varied, then repeated; answers whether every varied target held and every call succeeded. */
export async function benchVariedLists(base: string, auth: Record<string, string>, baseline: Figures) {
  const figures = await measureCases(base, auth, await listCases(base, auth));
  console.log(`\nlists of a ${BIG_TENANT.users}-user tenant and ${TENANTS} tenants, list cache on`);
  console.log(figuresRow('baseline GET /authtime/health (start)', baseline));
  return figures !== null && reportCases(figures);
}
