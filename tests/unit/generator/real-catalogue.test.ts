// The project's own catalogue passes every check, with the real console registry and server handlers.
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import { formatProblem } from '../../../generator/check/problem.ts';
import { runChecks } from '../../../generator/check/run-checks.ts';
import { loadHandlerIds, loadRegistryNames } from '../../../generator/load/project-code.ts';

describe('the real catalogue', () => {
  // Loading the handlers imports the whole server (seconds on a machine running other suites).
  it('has no problems', { timeout: 60_000 }, async () => {
    const loaded = loadCatalogue();
    const [registry, handlers] = await Promise.all([loadRegistryNames(), loadHandlerIds()]);
    const result = runChecks({
      catalogue: loaded.catalogue,
      docs: loaded.docs,
      registry: registry.registry,
      handlerIds: handlers.handlerIds,
    });
    const problems = [...loaded.problems, ...registry.problems, ...handlers.problems, ...result.problems];
    expect(problems.map(formatProblem)).toEqual([]);
    expect(result.referencesChecked).toBe(true);
  });
});
