// The browser's language list read as the console and the server both read it.
import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, spokenLanguage } from '../../../src/core/preferred-language.ts';

describe('preferred language', () => {
  it('orders Accept-Language by weight, keeps the order of equal weights and drops q=0 and *', () => {
    expect(acceptLanguageTags('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(acceptLanguageTags('en;q=0.5, zh-TW')).toEqual(['zh-TW', 'en']);
    expect(acceptLanguageTags('zh;q=0, en')).toEqual(['en']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
  });

  it('maps Traditional Chinese regions and scripts to cn, other Chinese to zh, English to en', () => {
    expect(spokenLanguage(['zh-TW'])).toBe('cn');
    expect(spokenLanguage(['zh-Hant-HK'])).toBe('cn');
    expect(spokenLanguage(['zh-hk'])).toBe('cn');
    expect(spokenLanguage(['zh-CN'])).toBe('zh');
    expect(spokenLanguage(['zh-Hans-SG'])).toBe('zh');
    expect(spokenLanguage(['zh'])).toBe('zh');
    expect(spokenLanguage(['en-GB'])).toBe('en');
    expect(spokenLanguage(['fr', 'de', 'en-US', 'zh'])).toBe('en');
    expect(spokenLanguage(['fr', 'enx', 'zhuang'])).toBeUndefined();
    expect(spokenLanguage([])).toBeUndefined();
  });
});
