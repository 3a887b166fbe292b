// The rows of a read's answer: the answer itself when it is an array, else its page's `datas` (the
// spec's page shape). A tab frame's scope choices and a master-detail screen's master read both.
import type { Row } from './screen-types.ts';

export function replyRows(data: unknown): Row[] {
  if (Array.isArray(data)) return data as Row[];
  return ((data as { datas?: Row[] } | null)?.datas ?? []) as Row[];
}
