// Check: a GET marked `effects: true` (it sends, writes or runs a job) is run only by an action the
// user starts (`call`). A screen never reads it as a list source, a form load, an option list or a
// download: those fetch without asking, and a download is a plain link that cannot carry the CSRF token.
// (A POST list source such as domains.list is a read that the spec made a POST; it is not flagged.)
import { referencesOf } from './references/by-kind.ts';
import type { Check } from './problem.ts';

const READS = /\/(source|load|download|x-options\/call)$/;

export const checkCallEffects: Check = ({ catalogue }) =>
  referencesOf(catalogue, 'call')
    .filter((r) => READS.test(r.pointer) && Object.hasOwn(catalogue.calls, r.name))
    .filter((r) => catalogue.calls[r.name].effects === true)
    .map((r) => ({
      file: r.file,
      pointer: r.pointer,
      message: `call "${r.name}" has effects (effects: true): only an action the user starts may run it, not a ${READS.exec(r.pointer)?.[1]}`,
    }));
