// Prints the top self-time functions of a .cpuprofile (tests/support/cpu-profile.ts), and the same
// summed per package or source folder: `npx tsx tests/support/profile-top.ts <file> [rows]`.
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

const where = (url: string) => {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  const src = /\/(src|tests|generator)\/(.*)\/[^/]+$/.exec(url);
  if (src) return `${src[1]}/${src[2]}`;
  return url.startsWith('node:') ? 'node:' : url || '(native)';
};
const total = [...self.values()].reduce((a, b) => a + b, 0);
const fns = new Map<string, number>();
const areas = new Map<string, number>();
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|src|tests)\//, '$1/')}:${lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
  areas.set(where(url), (areas.get(where(url)) ?? 0) + us);
}
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (of ${(total / 1e6).toFixed(1)} s sampled)`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`${(us / 1e6).toFixed(2).padStart(8)} s ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`);
};
show('self time by function', fns);
show('self time by package or folder', areas);

// Inclusive time of the project's own functions (each sample counted once per function on its stack).
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const inclusive = new Map<string, number>();
const mine = (url: string) => /\/(src|tests)\//.test(url) && !url.includes('node_modules');
profile.samples.forEach((id, i) => {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
    if (!mine(url)) continue;
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(src|tests)\//, '$1/')}:${lineNumber + 1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
});
show("inclusive time of the project's functions", inclusive);

// Each sample given to the innermost frame a kind claims: where the file's CPU goes, by kind of work.
const KINDS: [string, RegExp][] = [
  ['client (fetch, undici)', /undici|webstreams/],
  ['database (PGlite, pg)', /pglite|wasm:\/\/|node_modules\/pg|pg-protocol/],
  ['kysely', /kysely/],
  ['server: operation log', /operation-log\//],
  ['server: validation', /ajv|validation\.ts|nul-strings/],
  ['server: error answers', /error-handler|app-error|validation-messages|translate/],
  [
    'server: fastify, node:http',
    /fastify|find-my-way|_http_server|_http_incoming|_http_outgoing|secure-json-parse|helmet|avvio|toad-cache/,
  ],
  ['server: other src', /\/src\//],
  ['test harness', /\/tests\//],
];
const kinds = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const { functionName } = byId.get(id)!.callFrame;
  let kind = ['(idle)', '(garbage collector)', '(program)'].includes(functionName) ? functionName : '';
  for (let at: number | undefined = id; !kind && at !== undefined; at = parent.get(at)) {
    const { url } = byId.get(at)!.callFrame;
    kind = KINDS.find(([, re]) => re.test(url))?.[0] ?? '';
  }
  kind ||= 'other (node internals)';
  kinds.set(kind, (kinds.get(kind) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
show('self time by kind of work', kinds);
