// The inner instances an intervention can choose two multi-instance levels deep
// (docs/adr/0246-interventions-two-multi-instance-levels-deep.md): for each outer instance offered, the
// inner sub-process's running instances when it runs in that instance, else those its collection gives
// there now (`anew`; a sequence's in the order they run, only its first choosable). The same evaluation
// as the server's check (`collectionWhereLoopStands`), so the offer and the check agree.
import type { ProcessDefinition } from '../../../core/workflow/process-definition.ts';
import { loopKey } from '../../workflow/intervene-loops.ts';
import { collectionWhereLoopStands, type HeldLevels } from '../../workflow/intervene-levels.ts';
import { loopOf } from '../../workflow/loop-of.ts';
import type { Choosable } from './running-instances.ts';

/** More inner instances than this, over all outer ones, are not offered: every one moves. */
const MOST_INNER_OFFERED = 1000;

export interface InnerOffer {
  outer: number;
  /** The key its instances are named under in `runningInstances`. */
  key: string;
  choosable: Choosable;
  anew: boolean;
}

/** The inner instances of `scope` (drawn in another) per outer instance of `outers`. */
export function innerOffers(
  definition: ProcessDefinition,
  scope: string,
  outers: readonly number[],
  variables: Record<string, unknown>,
  held: HeldLevels,
): InnerOffer[] {
  if (!loopOf(definition, scope)) return [];
  const offers: InnerOffer[] = [];
  let total = 0;
  for (const outer of outers) {
    const key = loopKey(scope, outer);
    const running = held.loops.get(key);
    const items = running ? running.items : collectionWhereLoopStands(definition, scope, outer, variables, held);
    const choosable = running ? { running: running.running, items } : { running: items.map((_, i) => i), items };
    total += choosable.running.length;
    if (total > MOST_INNER_OFFERED) return [];
    if (choosable.running.length > 0) offers.push({ outer, key, choosable, anew: !running });
  }
  return offers;
}
