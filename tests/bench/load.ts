// What the bench's parts share: a load run with autocannon against one URL, the admin's sign-in, and
// how a figure is printed next to its target.
import autocannon from 'autocannon';
import { encodePassword } from '../../src/core/password-codec.ts';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/core/envelope.ts';

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = 10;
export const PASSWORD = 'Bench@2026';

export interface Figures {
  rps: number;
  p99: number;
  errors: number;
}

export async function load(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body?: unknown,
  seconds = DURATION_S,
): Promise<Figures> {
  const result = await autocannon({
    url,
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    connections: CONNECTIONS,
    duration: seconds,
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

export async function signIn(base: string, username = 'admin'): Promise<Record<string, string>> {
  const res = await fetch(`${base}/authtime/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: encodePassword(PASSWORD), checkcode: '' }),
  });
  const reply = (await res.json()) as { errcode: number; errmsg: string };
  if (reply.errcode !== 0) throw new Error(`login failed: ${reply.errmsg}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = cookies.find((c) => c.startsWith(`${CSRF_COOKIE}=`))!.split('=')[1];
  return { cookie: cookies.join('; '), [CSRF_HEADER]: csrf };
}

/** One request of a varied load: its path (with the query), body and caller. */
export interface VariedRequest {
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** A load run in which every request is a new one, `next()`'s (no cache stands in for the
 *  database because the same request repeats). */
export async function loadVaried(base: string, next: () => VariedRequest, seconds = DURATION_S): Promise<Figures> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const r = next();
          return {
            ...request,
            path: r.path,
            body: JSON.stringify(r.body),
            headers: { ...r.headers, 'content-type': 'application/json' },
          };
        },
      },
    ],
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

export const figuresRow = (name: string, f: Figures) =>
  `${name.padEnd(34)} ${f.rps.toFixed(0).padStart(8)} req/s  p99 ${String(f.p99).padStart(4)} ms  errors ${f.errors}`;

/** One figure against its target, PASS or FAIL; answers whether it passed. */
export function verdict(name: string, value: string, target: string, passed: boolean): boolean {
  console.log(`${passed ? 'PASS' : 'FAIL'}  ${name.padEnd(44)} ${value.padStart(12)}  (target ${target})`);
  return passed;
}
