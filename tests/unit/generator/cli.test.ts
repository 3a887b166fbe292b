// The `atrium` command line as a user runs it: exit codes, the problem line format, --out.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../src/core/catalogue/from-disk.ts';
import { TYPES_FILE } from '../../../generator/emit/types.ts';

const scratch = mkdtempSync(join(tmpdir(), 'atrium-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function atrium(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync(join(PROJECT_ROOT, 'node_modules/.bin/tsx'), ['generator/cli.ts', ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ATRIUM_CATALOGUE_EXTRA: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, out: run.stdout.trim().split('\n'), err: run.stderr };
}

describe('atrium CLI', { timeout: 60_000 }, () => {
  it('check prints file:pointer: message lines and exits 1 on a problem', () => {
    const { code, out } = atrium(['check'], {
      ATRIUM_CATALOGUE_EXTRA: join(PROJECT_ROOT, 'tests/fixtures/broken/bad-yaml'),
    });
    expect(code).toBe(1);
    expect(out).toContainEqual(
      expect.stringMatching(/^tests\/fixtures\/broken\/bad-yaml\/schemas\/api\/broken\.yaml:: not valid YAML: /),
    );
    expect(out.at(-1)).toMatch(/^atrium check: \d+ problems? in \d+ files/);
  });

  it('types --out writes what is committed', () => {
    const out = join(scratch, 'types.ts');
    expect(atrium(['types', '--out', out]).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(join(PROJECT_ROOT, TYPES_FILE), 'utf8'));
  });

  it('openapi prints the document', () => {
    const run = atrium(['openapi']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out.join('\n'))).toMatchObject({
      openapi: '3.1.0',
      paths: { '/authtime/login': { post: { operationId: 'auth.login' } } },
    });
  });

  it('answers an unknown command with the usage and exit 2', () => {
    const run = atrium(['lint']);
    expect(run.code).toBe(2);
    expect(run.err).toContain('usage: atrium <command>');
  });
});
