// The performance monitor's labels (docs/adr/0092-wide-screens.md): every option the panel offers and every header the
// server sends has its words in each locale, so none shows as a bare key or in English only.
import { readFileSync } from 'node:fs';
import type { TFunction } from 'i18next';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  BASIC_HEADER,
  CELL_FORMATS,
  DISPLAY_COLUMNS,
  OUTPUTS,
  PROXY_ACTIONS,
  RANGES,
} from '../../../src/core/monitoring/perf-columns.ts';
import { columnLabel, optionKey } from '../../../src/console/plugins/monitoring/perf-labels.ts';

const locales = Object.fromEntries(
  ['en', 'zh', 'cn'].map((lang) => [
    lang,
    parse(readFileSync(`locales/${lang}.yaml`, 'utf8')) as Record<string, unknown>,
  ]),
);
const lookup = (lang: string, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], locales[lang]);
/** A t() over one locale that fails on a missing key instead of answering it. */
const tOf = (lang: string) =>
  ((key: string, options?: Record<string, string>) => {
    const text = lookup(lang, key);
    if (typeof text !== 'string') return options?.defaultValue ?? `MISSING ${key}`;
    return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => options?.[name] ?? '');
  }) as unknown as TFunction;

describe('performance monitor labels', () => {
  it('has a label for every option in en, zh and cn', () => {
    for (const value of [...ACTIONS, ...PROXY_ACTIONS, ...OUTPUTS, ...RANGES, ...DISPLAY_COLUMNS, ...CELL_FORMATS]) {
      for (const lang of ['en', 'zh', 'cn'])
        expect(typeof lookup(lang, optionKey(value)), `${lang} ${value}`).toBe('string');
    }
    expect(optionKey('#,###.##')).toBe('monitor.perf.option.f2');
    expect(optionKey('Disable SQL')).toBe('monitor.perf.option.disableSQL');
  });

  it('names every header, the time ranges included, in each language', () => {
    for (const lang of ['en', 'zh', 'cn']) {
      for (const name of [...BASIC_HEADER, 'Enabled']) expect(columnLabel(tOf(lang), name)).not.toMatch(/MISSING/);
    }
    expect(columnLabel(tOf('en'), 'Total')).toBe('Total');
    expect(columnLabel(tOf('zh'), 'Label')).toBe('标签');
    expect(columnLabel(tOf('en'), '10_20ms.')).toBe('10–20 ms');
    expect(columnLabel(tOf('cn'), '20480_max ms.')).toBe('超過 20480 毫秒');
  });
});
