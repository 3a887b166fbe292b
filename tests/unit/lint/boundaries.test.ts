// The linter enforces STYLE.md §1: src/core imports neither src/server nor src/console, and those two
// never import each other; the generator and tests may import all.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../src/core/catalogue/from-disk.ts';

const eslint = new ESLint({ cwd: PROJECT_ROOT });

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${PROJECT_ROOT}/${file}` });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// The first lint builds the typed program (seconds on a loaded machine).
describe('import boundaries', { timeout: 30_000 }, () => {
  it.each([
    ['src/core/catalogue/probe.ts', "import '../../server/app.ts';", 'server'],
    ['src/core/probe.ts', "import '../console/registry.ts';", 'console'],
    ['src/server/areas/domains/probe.ts', "import '../../../console/registry.ts';", 'console'],
    ['src/console/runtime/list/probe.tsx', "import '../../../server/areas/index.ts';", 'server'],
  ])('refuses %s importing %s', async (file, code, area) => {
    expect(await restricted(file, code)).toEqual([expect.stringContaining(`must not import src/${area}`)]);
  });

  it.each([
    ['src/server/areas/domains/probe.ts', "import '../../../core/rules.ts';"],
    ['src/console/runtime/probe.ts', "import '../../core/rules.ts'; import 'react-dom/server';"],
    ['generator/probe.ts', "import '../src/server/areas/index.ts'; import '../src/console/registry.ts';"],
    ['tests/unit/probe.test.ts', "import '../../src/server/areas/index.ts';"],
  ])('allows %s importing %s', async (file, code) => {
    expect(await restricted(file, code)).toEqual([]);
  });
});
