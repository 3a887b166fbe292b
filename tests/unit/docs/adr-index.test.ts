// Decision records stay usable: every record in docs/adr/ is in the index, carries its status and date and
// the three sections, and no relative link in the documentation points at a file that is not there.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../src/core/catalogue/from-disk.ts';

const ADR = join(PROJECT_ROOT, 'docs/adr');
const records = readdirSync(ADR)
  .filter((name) => /^\d{4}-[a-z0-9-]+\.md$/.test(name))
  .sort();

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** Relative link targets of a markdown text, code spans and fenced blocks left out. */
function relativeLinks(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(target));
}

describe('decision records', () => {
  const index = readFileSync(join(ADR, 'README.md'), 'utf8');

  it('finds the records', () => {
    expect(records.length).toBeGreaterThanOrEqual(80);
  });

  it.each(records)('%s is a row of the index', (name) => {
    expect(index).toMatch(new RegExp(`^\\| \\[${name.slice(0, 4)}\\]\\(${name}\\) \\| [^|]+ \\| [^|]+ \\|$`, 'm'));
  });

  it.each(records)('%s has its number, status, date and sections', (name) => {
    const text = readFileSync(join(ADR, name), 'utf8');
    expect(text.startsWith(`# ${name.slice(0, 4)}. `)).toBe(true);
    expect(text).toMatch(/^- Status: (accepted|superseded|amended|proposed)/m);
    expect(text).toMatch(/^- Date: \d{4}-\d{2}-\d{2}$/m);
    for (const section of ['## Context', '## Decision', '## Consequences']) {
      expect(text.split('\n')).toContain(section);
    }
  });
});

describe('documentation links', () => {
  const files = [join(PROJECT_ROOT, 'README.md'), ...markdownFiles(join(PROJECT_ROOT, 'docs'))];

  it.each(files.map((file) => relative(PROJECT_ROOT, file)))('%s links only to files that exist', (file) => {
    const path = join(PROJECT_ROOT, file);
    const broken = relativeLinks(readFileSync(path, 'utf8')).filter(
      (target) => !existsSync(join(dirname(path), decodeURI(target.split('#')[0]))),
    );
    expect(broken).toEqual([]);
  });
});
