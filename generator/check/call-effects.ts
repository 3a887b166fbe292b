// Check: a screen reads only calls without effects. A GET marked `effects: true` (it sends, writes or
// runs a job) is run only by an action the user starts (`call`): a list source, a form load, an option
// list or a download fetch without asking, and a download is a plain link that cannot carry the CSRF
// token. A charts screen's reads are read again on a timer. A POST a screen reads (a search the spec made a POST) says `effects: false`: otherwise each
// reading is logged as a change and tells the console's data layer to read everything again.
import { hasEffects } from '../../src/core/catalogue/call-effects.ts';
import { referencesOf } from './references/by-kind.ts';
import type { Check } from './problem.ts';

const READS = /\/(source|load|download|x-options\/call|reads\/[^/]+\/call|master\/call)$/;
const readOf = (pointer: string) => {
  const what = READS.exec(pointer)?.[1] ?? '';
  return what.startsWith('reads/') ? 'chart read' : what === 'master/call' ? 'master read' : what;
};

export const checkCallEffects: Check = ({ catalogue }) =>
  referencesOf(catalogue, 'call')
    .filter((r) => READS.test(r.pointer) && Object.hasOwn(catalogue.calls, r.name))
    .filter((r) => hasEffects(catalogue.calls[r.name]))
    .map((r) => {
      const call = catalogue.calls[r.name];
      const what = readOf(r.pointer);
      return {
        file: r.file,
        pointer: r.pointer,
        message:
          call.effects === true
            ? `call "${r.name}" has effects (effects: true): only an action the user starts may run it, not a ${what}`
            : `call "${r.name}" is a ${call.method} read as a ${what}: mark it "effects: false" (a search), or it is logged as a change at each reading`,
      };
    });
