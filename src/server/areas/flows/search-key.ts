// What makes two flow-list searches the same, for the flows area's caches (list-pages.ts, list-totals.ts).
import type { Language } from '../../../core/catalogue/types.ts';
import type { FlowstatertSearch } from '../../../core/generated/api-types.ts';

/** The fields besides enterprise, application and status: any of them makes a search, not the plain
 *  list (list-anchors.ts keeps anchors for the plain list only). */
export const NARROWING = [
  '_flowName',
  '_stateLabel',
  '_initiator',
  '_lastAuditor',
  '_summary',
  '_firstProcessTimeFrom',
  '_firstProcessTimeTo',
  '_lastProcessTimeFrom',
  '_lastProcessTimeTo',
  '_jobs',
] as const;

const SEARCHED = ['application', 'status', ...NARROWING] as const;

/** What makes two searches the same: the enterprise, the language (flow names) and the fields read. */
export const searchKey = (domainId: string, language: Language, search: FlowstatertSearch) =>
  JSON.stringify([domainId, language, ...SEARCHED.map((field) => search[field]?.trim() ?? null)]);
