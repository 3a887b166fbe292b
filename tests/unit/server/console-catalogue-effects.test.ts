// The console's data layer reads every list on screen again after a call with effects
// (src/console/api/queries.ts, docs/adr/0121-console-data-layer.md): the catalogue the console receives
// must say which calls have none, or each search made a POST would set off its own reading again.
import { describe, expect, it } from 'vitest';
import { hasEffects } from '../../../src/core/catalogue/call-effects.ts';
import { loadCatalogue, PROJECT_ROOT } from '../../../src/core/catalogue/from-disk.ts';
import { toConsoleCatalogue } from '../../../src/server/areas/meta/console-catalogue.ts';

describe('the console catalogue', () => {
  it("keeps each call's effects exactly as the catalogue states them", () => {
    const { catalogue } = loadCatalogue([PROJECT_ROOT]);
    const sent = toConsoleCatalogue(catalogue).calls;
    const searches = Object.values(catalogue.calls).filter((c) => c.method === 'POST' && c.effects === false);
    expect(searches.length).toBeGreaterThan(10);
    for (const call of Object.values(catalogue.calls))
      expect(hasEffects(sent[call.id]), call.id).toBe(hasEffects(call));
  });
});
