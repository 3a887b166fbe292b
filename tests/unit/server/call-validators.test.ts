// The call validators compiled once per catalogue object (docs/adr/0164-api-tests-fewer-compiles-lighter-opens.md):
// every app built on the same catalogue gets the same ones, another catalogue its own, and each checks
// its call's schemas as a freshly compiled one does.
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import { ValidationFailure } from '../../../src/server/http/app-error.ts';
import { callValidators, compileCallValidator, createAjv } from '../../../src/server/http/validation.ts';

const { catalogue } = loadCatalogue();

/** The schema errors a validator finds ([] when the input passes). */
function errorsOf(check: () => unknown): string[] {
  try {
    check();
    return [];
  } catch (error) {
    if (!(error instanceof ValidationFailure)) throw error;
    return error.errors.map((e) => `${e.instancePath} ${e.keyword}`);
  }
}

describe('callValidators', () => {
  // Compiling a catalogue's validators takes seconds on a busy machine; this test compiles two.
  it('compiles every call once per catalogue object', { timeout: 60_000 }, () => {
    const first = callValidators(catalogue);
    expect([...first.keys()].sort()).toEqual(Object.keys(catalogue.calls).sort());
    expect(callValidators(catalogue)).toBe(first);
    const other = loadCatalogue().catalogue;
    expect(callValidators(other)).not.toBe(first);
    expect(callValidators(other).get('config.save')).not.toBe(first.get('config.save'));
  });

  it('refuses what a freshly compiled validator refuses, with the same errors', () => {
    const fresh = compileCallValidator(createAjv(catalogue), catalogue.calls['config.save'], catalogue);
    const shared = callValidators(catalogue).get('config.save')!;
    const input = { query: {}, params: {}, body: 42 }; // the configuration is an object
    const expected = errorsOf(() => fresh.check(input));
    expect(expected.length).toBeGreaterThan(0);
    expect(errorsOf(() => shared.check(input))).toEqual(expected);
  });
});
