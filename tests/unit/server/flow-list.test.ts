// The monitoring list's small rules (spec/domain-console.md, "Validation rules" (Flow list), "Entities and their fields" (Workflow state)): a day alone is
// widened to its first or last second; a summary is the spec's JSON or plain text.
import { describe, expect, it } from 'vitest';
import { dayEnd, dayStart, readSummary } from '../../../src/server/areas/flows/instance-rows.ts';

describe('the flow list', () => {
  it('widens a day alone to 00:00:00 and 23:59:59 and leaves a full time as it is', () => {
    expect(dayStart('2026-03-01')).toBe('2026-03-01 00:00:00');
    expect(dayEnd('2026-03-01')).toBe('2026-03-01 23:59:59');
    expect(dayStart('2026-03-01 08:30:00')).toBe('2026-03-01 08:30:00');
    expect(dayEnd('2026-03-01 08:30:00')).toBe('2026-03-01 08:30:00');
  });

  it('reads a JSON summary with summaryText and showTags, and anything else as plain text', () => {
    expect(readSummary('{"summaryText":"<b>Urgent</b>","showTags":true}')).toEqual({
      summary: '<b>Urgent</b>',
      showTags: true,
    });
    expect(readSummary('{"summaryText":"Plain"}')).toEqual({ summary: 'Plain', showTags: false });
    expect(readSummary('{not json')).toEqual({ summary: '{not json', showTags: false });
    expect(readSummary('{"other":1}')).toEqual({ summary: '{"other":1}', showTags: false });
    expect(readSummary('a &amp; b')).toEqual({ summary: 'a &amp; b', showTags: false });
  });
});
