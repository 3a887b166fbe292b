// What a run says: a task's work answers a label key with its values, stored as such and written out
// in each reader's language; a failure keeps the error's own text.
export interface RunSummary {
  key: string;
  params?: Record<string, unknown>;
}

type Translate = (key: string, params?: Record<string, unknown>) => string;

export const storedSummary = (summary: RunSummary): string => JSON.stringify(summary);

export function readSummary(stored: string, t: Translate): string {
  if (!stored.startsWith('{')) return stored;
  try {
    const { key, params } = JSON.parse(stored) as RunSummary;
    return typeof key === 'string' ? t(key, params) : stored;
  } catch {
    return stored;
  }
}
