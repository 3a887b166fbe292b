// The two outcome tables of docs/security.md (docs/adr/0135-department-target-and-generated-matrix.md):
// each cell is what a caller kind is answered at the matrix's real targets, derived from the call's
// catalogue entry. Admission decides it from the entry: 401 without a session, 403 by `allow` (or, in
// security mode, `officers`), then at the declared `target` — the caller's home tenant, then the other
// tenant — 404 outside the reach (the tenant, or the Sales department) and 403 for a `governs` call
// the caller sees without governing. What a handler decides past admission (a row's tenant, a
// subtree, a list that leaves a target out) the call states in its `outcomes`, with why, cell by cell;
// `atrium check` refuses an `outcomes` cell the rest of the entry already decides. The authorization
// matrix test proves every cell over HTTP (tests/api/authorization/matrix-suite.ts).
import type { Catalogue, CallDef } from '../../src/core/catalogue/types.ts';
import { refusalOf } from '../../src/server/auth/may-call.ts';
import { governsDomain, seesDomain } from '../../src/server/auth/reach.ts';
import { reachesDepartment } from '../../src/server/auth/department-target.ts';
import type { CurrentUser } from '../../src/server/auth/current-user.ts';
import {
  awayOf,
  CALLER_KINDS,
  COLUMN_TITLES,
  headquartersOf,
  homeOf,
  matrixCaller,
  salesOf,
  type CallerKind,
} from './matrix-callers.ts';

export type Mode = 'off' | 'on';
export const MATRIX_HEADINGS: Record<Mode, string> = {
  off: '### Authorization matrix: security separation off',
  on: '### Authorization matrix: security separation on',
};

/** A cell: the answer at the home target, then "/" and the one at the other tenant's when they differ. */
export const cell = (home: string, away?: string) => (away === undefined || away === home ? home : `${home}/${away}`);

/** Admission's answer at a target of tenant `t` (its Sales department for a department target). */
function atTarget(call: CallDef, user: CurrentUser, t: string): string {
  const { domain, department } = call.target ?? {};
  if (domain && !seesDomain(user.reach, t)) return '404';
  if (domain && call.governs && !governsDomain(user.reach, t)) return '403';
  if (department && !reachesDepartment(user.reach, { domainId: t, upward: [salesOf(t), headquartersOf(t)] }))
    return '404';
  return '✓';
}

/** The cell the catalogue's admission rules give, before any `outcomes`. */
export function admissionCell(call: CallDef, kind: CallerKind, mode: Mode): string {
  if (kind === 'anonymous') return call.allow === 'public' ? '✓' : '401';
  const user = matrixCaller(kind, mode === 'on');
  if (refusalOf(call, user) !== null) return '403';
  if (!call.target) return '✓';
  return cell(atTarget(call, user, homeOf(kind)), atTarget(call, user, awayOf(kind)));
}

/** The documented cell: the call's own `outcomes` where it states one, else admission's. */
export const matrixCell = (call: CallDef, kind: CallerKind, mode: Mode): string =>
  call.outcomes?.[mode]?.[kind] ?? admissionCell(call, kind, mode);

/** One mode's table, a row per call in id order. */
export function matrixTable(catalogue: Pick<Catalogue, 'calls'>, mode: Mode): string {
  const calls = Object.values(catalogue.calls).sort((a, b) => a.id.localeCompare(b.id));
  const header = `| call | ${CALLER_KINDS.map((k) => COLUMN_TITLES[k]).join(' | ')} |`;
  const rule = `|---|${CALLER_KINDS.map(() => ':-:').join('|')}|`;
  const rows = calls.map((c) => `| \`${c.id}\` | ${CALLER_KINDS.map((k) => matrixCell(c, k, mode)).join(' | ')} |`);
  return [header, rule, ...rows].join('\n');
}
