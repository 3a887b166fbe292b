// Security separation's side of a call's access (docs/security.md): while `isOpenSecurity` is on, the
// call's `officers` in the catalogue decide in place of its `allow` rule, so a screen hidden from a
// type is refused to that type by the API too. Reach rules apply in both modes.
import type { CallDef } from '../../core/catalogue/types.ts';
import type { ReachKind } from './reach.ts';

export const SEPARATED_TYPES = ['super', 'admin', 'secret', 'examine', 'develop'] as const;
export type SeparatedType = (typeof SEPARATED_TYPES)[number];

export interface OfficerCaller {
  type?: string;
  reach: { kind: ReachKind };
}

/** May this signed-in caller make the call in security mode? `admin` grants every system
 *  administrator, `admin@platform` only one whose reach is the platform (reach.ts). A call without
 *  officers (which `atrium check` refuses unless it is public) is refused to all but `super`. */
export function officersAllow(call: Pick<CallDef, 'allow' | 'officers'>, caller: OfficerCaller): boolean {
  if (call.allow === 'public' || call.officers === 'everyone') return true;
  if (call.officers === undefined) return caller.type === 'super';
  return call.officers.includes(caller.type ?? '') || call.officers.includes(`${caller.type}@${caller.reach.kind}`);
}
