// What makes two flow-list searches the same, for the flows area's caches (list-pages.ts, list-totals.ts).
import type { Language } from '../../../core/catalogue/types.ts';
import type { FlowstatertSearch } from '../../../core/generated/api-types.ts';

const SEARCHED = [
  'application',
  'status',
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

/** What makes two searches the same: the enterprise, the language (flow names) and the fields read. */
export const searchKey = (domainId: string, language: Language, search: FlowstatertSearch) =>
  JSON.stringify([domainId, language, ...SEARCHED.map((field) => search[field]?.trim() ?? null)]);
