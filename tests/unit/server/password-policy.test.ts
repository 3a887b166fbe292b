// The policy as read from the stored group, the character classes and the password age.
import { describe, expect, it } from 'vitest';
import {
  daysLeft,
  expiryNotice,
  missingClasses,
  policyFailures,
  policyOf,
  requiredChange,
} from '../../../src/server/auth/password-policy.ts';

const t = (key: string) => key.split('.').pop()!;

describe('password policy', () => {
  it('reads the stored group in either of its forms and treats missing values as no rule', () => {
    expect(policyOf(undefined)).toEqual({
      length: 0,
      failLoginTimes: 0,
      legalType: [],
      firstLoginChange: false,
      maxAgeDays: 0,
      noticeDays: 0,
      noticeContent: '',
      noticeMethods: [],
    });
    expect(policyOf({ length: '8', failLoginTimes: 5, legal: 1, legalType: '4,1,1', isFirstLogin: '1' })).toMatchObject(
      { length: 8, failLoginTimes: 5, legalType: [1, 4], firstLoginChange: true },
    );
    // The complexity switch off ignores the ticked classes; notice-author '1' means never expire.
    expect(policyOf({ legal: 0, legalType: [1, 2], noticeAuthor: '1', maxAge: 30 })).toMatchObject({
      legalType: [],
      maxAgeDays: 0,
    });
    expect(policyOf({ noticeAuthor: '0', maxAge: 30, noticeTime: 5 })).toMatchObject({ maxAgeDays: 30, noticeDays: 5 });
    // Notice methods 1 SMS, 2 message centre, 3 e-mail, as a list or as text; none while the notice is off.
    expect(
      policyOf({ noticeAuthor: '0', maxAge: 30, noticeTime: 5, noticeMethod: [3, 1, 3, 4] }).noticeMethods,
    ).toEqual(['email', 'sms']);
    expect(policyOf({ noticeAuthor: '0', maxAge: 30, noticeTime: 5, noticeMethod: '2,3' }).noticeMethods).toEqual([
      'messageCenter',
      'email',
    ]);
    expect(policyOf({ noticeAuthor: '1', maxAge: 30, noticeTime: 5, noticeMethod: [1, 2, 3] }).noticeMethods).toEqual(
      [],
    );
  });

  it('names the missing classes in the order of the spec', () => {
    const policy = policyOf({ legal: 1, legalType: [1, 2, 3, 4] });
    expect(missingClasses(policy, 'abc')).toEqual([
      'password.class.uppercase',
      'password.class.special',
      'password.class.number',
    ]);
    expect(missingClasses(policy, 'Ab1!')).toEqual([]);
    expect(missingClasses(policy, 'Ab1 ')).toEqual(['password.class.special']); // a space is not a symbol
    expect(missingClasses(policy, '密码Ab1_')).toEqual([]);
    expect(policyFailures(policyOf({ length: 8, legal: 1, legalType: [4] }), 'abc', '/password', t)).toEqual([
      { field: '/password', message: 'password.msg.tooShort', params: { length: 8 } },
      { field: '/password', message: 'password.msg.missingClasses', params: { classes: 'number' } },
    ]);
  });

  it('expires a password after the maximum age and notices it within the notice time', () => {
    const policy = policyOf({ noticeAuthor: '0', maxAge: 30, noticeTime: 5, noticeContent: 'soon' });
    const now = new Date('2026-03-31T12:00:00Z');
    const changed = (days: number) => new Date(now.getTime() - days * 86_400_000);
    expect(daysLeft(policy, changed(27), now)).toBe(3);
    expect(expiryNotice(policy, changed(24), now)).toBeUndefined();
    expect(expiryNotice(policy, changed(25), now)).toEqual({ daysLeft: 5, content: 'soon' });
    expect(requiredChange(policy, { mustChange: false, changedAt: changed(29.5) }, now)).toBeUndefined();
    expect(requiredChange(policy, { mustChange: false, changedAt: changed(30) }, now)).toBe('expired');
    // The first-login flag forces a change only with the switch on.
    expect(requiredChange(policyOf({}), { mustChange: true, changedAt: now }, now)).toBeUndefined();
    expect(requiredChange(policyOf({ isFirstLogin: 1 }), { mustChange: true, changedAt: now }, now)).toBe('firstLogin');
  });
});
