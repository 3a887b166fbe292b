// How long the compiled server (docs/adr/0105-compiled-server.md) takes from its process start to
// its first answer, and its resident memory at idle and after a walk of every screen's reads.
//   npx tsx tests/bench/start-memory.ts [pglite|postgres://…] [-- command to start the server…]
// The command defaults to `node dist/server/main.js` (`npm run build` first). Memory is the sum over the
// started process and its children (tsx runs the server in a child), read from /proc; the data
// directory is a new one (the first start: migrations and demo data), then the same one again.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCatalogue } from '../../src/core/catalogue/from-disk.ts';
import { encodePassword } from '../../src/core/password-codec.ts';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/core/envelope.ts';

const args = process.argv.slice(2);
const split = args.indexOf('--');
const database = (split < 0 ? args : args.slice(0, split))[0] ?? 'pglite';
const command = split < 0 ? ['node', 'dist/server/main.js'] : args.slice(split + 1);
const PASSWORD = 'Start@2026';
const PORT = 18_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${PORT}`;

/** Resident memory in MB of a process and all its descendants. */
function treeRss(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))![1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* ended meanwhile */
    }
  }
  let kb = 0;
  const visit = (p: number) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      /* ended meanwhile */
    }
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return kb / 1024;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signIn(): Promise<Record<string, string>> {
  const res = await fetch(`${base}/authtime/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: encodePassword(PASSWORD), checkcode: '' }),
  });
  const reply = (await res.json()) as { errcode: number; errmsg: string };
  if (reply.errcode !== 0) throw new Error(`login failed: ${reply.errmsg}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = cookies.find((c) => c.startsWith(`${CSRF_COOKIE}=`))!.split('=')[1];
  return { cookie: cookies.join('; '), [CSRF_HEADER]: csrf };
}

/** Every read a screen makes without a record chosen: each GET without path parameters or effects, and
 *  each search (a POST marked `effects: false`), its first page; then the console's pages. */
async function walk(): Promise<{ calls: number; failed: string[] }> {
  const { catalogue } = loadCatalogue();
  const auth = await signIn();
  const failed: string[] = [];
  let calls = 0;
  for (const call of Object.values(catalogue.calls)) {
    if (call.path.includes('{') || call.produces || call.consumes) continue;
    const get = call.method === 'GET' && call.effects !== true;
    const search = call.method === 'POST' && call.effects === false;
    if (!get && !search) continue;
    if (call.path.includes('logout')) continue;
    calls++;
    const res = await fetch(`${base}${call.path}${search ? '?currpage=1&pagelines=20' : ''}`, {
      method: call.method,
      headers: search ? { ...auth, 'content-type': 'application/json' } : auth,
      body: search ? '{}' : undefined,
    });
    await res.arrayBuffer();
    if (res.status >= 500) failed.push(`${call.id} ${res.status}`);
  }
  for (const route of catalogue.routes) {
    calls++;
    await (await fetch(`${base}/${route.path.replace(/^\//, '').replace(/:[^/]+/g, 'x')}`)).arrayBuffer();
  }
  return { calls, failed };
}

async function run(dataDir: string, label: string): Promise<void> {
  const started = Date.now();
  const child = spawn(command[0], command.slice(1), {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: database === 'pglite' ? '' : database,
      ATRIUM_ADMIN_PASSWORD: PASSWORD,
      ATRIUM_CAPTCHA: 'off',
      ATRIUM_DEMO: 'on',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('the server ended before answering');
      const ok = await fetch(`${base}/authtime/globalconfig`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(50);
    }
    const firstAnswer = (Date.now() - started) / 1000;
    await sleep(5000);
    const idle = treeRss(child.pid!);
    const { calls, failed } = await walk();
    await sleep(2000);
    const walked = treeRss(child.pid!);
    console.log(
      `${label.padEnd(34)} first answer ${firstAnswer.toFixed(1).padStart(5)} s   idle ${idle.toFixed(0).padStart(4)} MB   after walk (${calls} reads${failed.length ? `, ${failed.length} failed: ${failed.join(', ')}` : ''}) ${walked.toFixed(0).padStart(4)} MB`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'atrium-start-'));
try {
  const name = database === 'pglite' ? 'PGlite' : 'PostgreSQL';
  console.log(`${command.join(' ')} on ${name}`);
  await run(dataDir, `${name}, first start`);
  await run(dataDir, `${name}, second start`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
