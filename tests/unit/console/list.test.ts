// List helpers: the row-click link built from the row, the date and usernames cell texts.
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../src/console/runtime/cells/date-time.ts';
import { usernames } from '../../../src/console/runtime/cells/UsernamesCell.tsx';
import { rowLink } from '../../../src/console/runtime/list/useListController.ts';

describe('rowLink', () => {
  it('maps query parameters to row fields, skipping absent values', () => {
    expect(rowLink('/domain', { domainid: 'id', name: 'name', extra: 'missing' }, { id: 'd1', name: '企业 A' })).toBe(
      '/domain?domainid=d1&name=%E4%BC%81%E4%B8%9A+A',
    );
    expect(rowLink('/domain', undefined, { id: 'd1' })).toBe('/domain');
  });
});

describe('cell texts', () => {
  it('formats dates as YYYY-MM-DD HH:mm:ss and leaves unparseable values as they are', () => {
    expect(formatDateTime(new Date(2026, 0, 2, 3, 4, 5).getTime())).toBe('2026-01-02 03:04:05');
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime(null)).toBe('');
  });

  it('lists the usernames of administrator objects or plain strings', () => {
    expect(usernames([{ username: 'a' }, { username: 'b' }, 'c', {}])).toEqual(['a', 'b', 'c']);
    expect(usernames(undefined)).toEqual([]);
  });
});
