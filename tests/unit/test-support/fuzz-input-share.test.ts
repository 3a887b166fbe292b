// The fuzzing inputs dealt between the databases (tests/api/fuzz/input-share.ts): each sent once, and
// each database meets every kind of breakage and every sender of every call the catalogue declares.
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import { CallFuzzer } from '../../api/fuzz/call-inputs.ts';
import { inputShare } from '../../api/fuzz/input-share.ts';

const PER_CALL = 200;
const both = ['pglite', 'postgres'] as const;

describe('fuzzing inputs dealt between the databases', () => {
  it('sends every input once with both databases, and all of them to a database alone or with dealing off', () => {
    const first = inputShare(both, 'pglite', PER_CALL, true);
    const second = inputShare(both, 'postgres', PER_CALL, true);
    expect(first.size + second.size).toBe(PER_CALL);
    expect(new Set([...first, ...second]).size).toBe(PER_CALL);
    expect(inputShare(['pglite'], 'pglite', PER_CALL, true).size).toBe(PER_CALL);
    expect(inputShare(both, 'postgres', PER_CALL, false).size).toBe(PER_CALL);
    expect(inputShare(both, 'pglite', 8, true)).toEqual(new Set([0, 1]));
  });

  it("gives each database every kind of breakage and every sender of each call's inputs", () => {
    const { catalogue } = loadCatalogue();
    const gaps: string[] = [];
    for (const call of Object.values(catalogue.calls)) {
      const fuzzer = new CallFuzzer(call, catalogue, 'atrium-fuzz');
      const inputs = Array.from({ length: PER_CALL }, (_, i) => fuzzer.input(i));
      const kinds = (share: Set<number>) =>
        new Set(inputs.filter((_, i) => share.has(i)).map((x) => x.what.split(':')[0]));
      const everyKind = kinds(new Set(inputs.keys()));
      for (const name of both) {
        const share = inputShare(both, name, PER_CALL, true);
        const mine = kinds(share);
        if (mine.size !== everyKind.size) gaps.push(`${call.id} on ${name}: ${[...mine].join(',')}`);
        const senders = new Set([...share].map((i) => i % 5));
        if (senders.size !== 5) gaps.push(`${call.id} on ${name}: senders ${[...senders].join(',')}`);
        if (![...share].some((i) => inputs[i].anonymous)) gaps.push(`${call.id} on ${name}: nothing anonymous`);
      }
    }
    expect(Object.keys(catalogue.calls).length).toBeGreaterThan(100);
    expect(gaps).toEqual([]);
  });
});
