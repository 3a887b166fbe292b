// One word for one thing in every language: the user's login is the "login number"
// in English (登录账号 / 登入帳號 in Chinese), never a "login account"; an extension field's label is its
// "display label" (never a "tag name"); "select the entries" rather than "select at least one data".
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';

const { catalogue } = loadCatalogue();
const texts = (lang: string) => Object.entries(catalogue.labels[lang]);

describe('wording', () => {
  it('calls the login the login number in English and 登录账号 / 登入帳號 in Chinese', () => {
    expect(texts('en').filter(([, text]) => /login account|login name\b|login no\.?(?!\w)/i.test(text))).toEqual([]);
    expect(texts('zh').filter(([, text]) => /登录名|登录号|登录帐号|登陆/.test(text))).toEqual([]);
    expect(texts('cn').filter(([, text]) => /登入名|登入號|登錄|登陸/.test(text))).toEqual([]);
    for (const [lang, word] of [
      ['en', 'Login number'],
      ['zh', '登录账号'],
      ['cn', '登入帳號'],
    ])
      expect(catalogue.labels[lang]['field.user.loginno'], lang).toBe(word);
  });

  it('says display label, not tag name, and never "one data"', () => {
    expect(texts('en').filter(([, text]) => /tag name|one data\b|at least one data/i.test(text))).toEqual([]);
    expect(texts('zh').filter(([, text]) => /标签名/.test(text))).toEqual([]);
    expect(texts('cn').filter(([, text]) => /標籤名/.test(text))).toEqual([]);
    expect(catalogue.labels.en['fieldExtend.field.label']).toBe('Display label');
  });
});
