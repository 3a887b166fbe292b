// The authorization matrix's calls dealt between the databases (tests/api/authorization/mode-share.ts):
// every call of the catalogue walked once in each separation mode and once on each database.
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import { walksCall } from '../../api/authorization/mode-share.ts';

const both = ['pglite', 'postgres'] as const;
const modes = ['on', 'off'] as const;

describe('authorization matrix modes dealt between the databases', () => {
  it('walks every call in each mode once and on each database once', () => {
    const calls = Object.keys(loadCatalogue().catalogue.calls).sort();
    const gaps: string[] = [];
    calls.forEach((id, index) => {
      const walks = both.flatMap((name) =>
        modes.filter((mode) => walksCall(both, name, mode, index, true)).map((mode) => `${name}:${mode}`),
      );
      for (const mode of modes)
        if (walks.filter((w) => w.endsWith(`:${mode}`)).length !== 1) gaps.push(`${id}: ${walks.join(' ')}`);
      for (const name of both)
        if (walks.filter((w) => w.startsWith(`${name}:`)).length !== 1) gaps.push(`${id}: ${walks.join(' ')}`);
    });
    expect(calls.length).toBeGreaterThan(100);
    expect(gaps).toEqual([]);
    // Each of the four walks probes half the calls.
    for (const name of both)
      for (const mode of modes)
        expect(calls.filter((_, i) => walksCall(both, name, mode, i, true)).length).toBeGreaterThanOrEqual(
          Math.floor(calls.length / 2),
        );
  });

  it('walks every call in all four with one database or with dealing off', () => {
    for (const mode of modes) {
      expect(walksCall(['pglite'], 'pglite', mode, 1, true)).toBe(true);
      expect(walksCall(['postgres'], 'postgres', mode, 0, true)).toBe(true);
      for (const name of both) for (const index of [0, 1]) expect(walksCall(both, name, mode, index, false)).toBe(true);
    }
  });
});
