// The start's choices in isolation: when demo data is added (ATRIUM_DEMO, database kind) and what the
// banner may print (never a password from the environment; a generated one only at its creation).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoWanted } from '../../../src/server/seed/demo-choice.ts';
import { startBanner } from '../../../src/server/start-banner.ts';

const base = { url: 'http://127.0.0.1:8080/', database: 'PGlite' };

describe('demo data choice', () => {
  it('adds demo data to the embedded database only, unless ATRIUM_DEMO says', () => {
    expect(demoWanted(undefined, 'pglite')).toBe(true);
    expect(demoWanted(undefined, 'postgres')).toBe(false);
    expect(demoWanted('on', 'postgres')).toBe(true);
    expect(demoWanted('OFF', 'pglite')).toBe(false);
    expect(() => demoWanted('yes', 'pglite')).toThrow(/ATRIUM_DEMO must be "on" or "off"/);
  });
});

describe('start banner', () => {
  it('prints demo logins only with demo data, and the environment password never', () => {
    const demo = startBanner({ ...base, seed: { created: false, demo: true }, adminPasswordFromEnv: true });
    expect(demo).toContain('Acme@2026');
    expect(demo).toContain('(ATRIUM_ADMIN_PASSWORD)');
    const plain = startBanner({ ...base, seed: { created: false, demo: false }, adminPasswordFromEnv: false });
    expect(plain).not.toContain('Acme@2026');
    expect(plain).toContain('admin  (the one printed at the first start)');
  });

  it('prints a generated password at the start that created it', () => {
    const first = startBanner({
      ...base,
      seed: { created: false, demo: false, generatedAdminPassword: 'Gen3rated-Pass' },
      adminPasswordFromEnv: false,
    });
    expect(first).toContain('Gen3rated-Pass');
    expect(first).toContain('printed only this once');
  });
});

describe('npm start output', () => {
  // The build that `npm start` runs first must not bury the banner (address and logins) under pages of
  // asset sizes: the package's own build script, run as npm runs it for a user (no NODE_ENV), prints
  // nothing but problems. ATRIUM_DIST sends its console and server to a folder of the test's own.
  it('builds the console and the server quietly', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'atrium-build-'));
    const env: NodeJS.ProcessEnv = { ...process.env, ATRIUM_DIST: outDir };
    delete env.NODE_ENV;
    try {
      const out = execFileSync('npm', ['run', '--silent', 'build'], {
        encoding: 'utf8',
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(existsSync(join(outDir, 'console', 'index.html'))).toBe(true);
      expect(existsSync(join(outDir, 'server', 'main.js'))).toBe(true);
      expect(out.trim().split('\n').filter(Boolean)).toEqual([]);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 120_000);
});
