// The console's first load (docs/adr/0104-first-load-measured.md): the JavaScript a browser fetches
// for the login page and then the home page, each file counted once, as gzip level 9 of what the server sent.
// Measured in headless Chromium against a running server of the built console (dist/console), so the figure is
// what the build makes today, not a list kept by hand. Target: ≤ 180 KiB gzip.
// Over the target, `npm run bench` fails (run.ts). Alone: `npx tsx tests/bench/first-load.ts` builds nothing
// (run `npx vite build && npm run build:server` first), starts a demo server on a new data directory over
// dist/console, prints the figure with each file's share and exits with 1 over the target.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/launch.ts';
import { signIn } from '../e2e/support/sign-in.ts';

export const FIRST_LOAD_TARGET_KIB = 180;

export interface LoadFigures {
  /** gzip bytes of the JavaScript files fetched, each once. */
  gzip: number;
  raw: number;
  files: number;
  /** Each file's name and gzip bytes, largest first. */
  each: Array<{ name: string; gzip: number }>;
}

export interface FirstLoad {
  login: LoadFigures;
  /** The login page and then the home page, together (the first screen a user gets to). */
  total: LoadFigures;
}

function figures(bodies: Map<string, Buffer>): LoadFigures {
  const each = [...bodies].map(([url, body]) => ({
    name: url.slice(url.lastIndexOf('/') + 1),
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
  }));
  const sum = (key: 'raw' | 'gzip') => each.reduce((total, file) => total + file[key], 0);
  return {
    gzip: sum('gzip'),
    raw: sum('raw'),
    files: each.length,
    each: each.map(({ name, gzip }) => ({ name, gzip })).sort((a, b) => b.gzip - a.gzip),
  };
}

/** Waits until no script has been requested for a while: lazy screens ask for theirs after the first draw. */
async function settled(page: Page, pending: () => number): Promise<void> {
  await page.waitForLoadState('networkidle');
  for (let quiet = 0; quiet < 4;) {
    const before = pending();
    await page.waitForTimeout(250);
    quiet = pending() === before ? quiet + 1 : 0;
  }
}

/** Opens the login page, signs in, waits for the home page, and answers the JavaScript each step fetched. */
export async function firstLoad(base: string, username: string, password: string): Promise<FirstLoad> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const bodies = new Map<string, Buffer>();
    const reading: Array<Promise<void>> = [];
    page.on('response', (response) => {
      const url = response.url().split('?')[0];
      if (!url.startsWith(base) || !url.endsWith('.js') || bodies.has(url)) return;
      reading.push(response.body().then((body) => void bodies.set(url, body)));
    });
    await page.goto(`${base}/#/login`);
    await page.getByTestId('login-submit').waitFor();
    await settled(page, () => reading.length);
    await Promise.all(reading);
    const login = figures(bodies);
    await signIn(page, base, username, password);
    await settled(page, () => reading.length);
    await Promise.all(reading);
    return { login, total: figures(bodies) };
  } finally {
    await browser.close();
  }
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** Whether the login page and the home page together stay within the target. */
export function withinTarget(load: FirstLoad): boolean {
  return load.total.gzip <= FIRST_LOAD_TARGET_KIB * 1024;
}

/** The bench's line: the figure, its parts and the target. */
export function firstLoadLine(load: FirstLoad): string {
  const { total, login } = load;
  const verdict = withinTarget(load) ? 'within' : 'OVER';
  return (
    `console first load (login + home page JavaScript): ${kib(total.gzip)} KiB gzip, ${total.files} files ` +
    `(login page alone ${kib(login.gzip)} KiB; ${kib(total.raw)} KiB raw): ${verdict} the ${FIRST_LOAD_TARGET_KIB} KiB target`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { launchServer, ADMIN_PASSWORD } = await import('../e2e/support/server.ts');
  const server = await launchServer(mkdtempSync(join(tmpdir(), 'atrium-first-load-')), {});
  try {
    const load = await firstLoad(server.url, 'admin', ADMIN_PASSWORD);
    console.log(firstLoadLine(load));
    const onLogin = new Set(load.login.each.map((file) => file.name));
    for (const file of load.total.each)
      console.log(`  ${kib(file.gzip).padStart(6)} KiB  ${onLogin.has(file.name) ? 'login' : 'home '}  ${file.name}`);
    if (!withinTarget(load)) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}
