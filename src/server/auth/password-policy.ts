// The password policy in force (configuration group `loginConfig`, spec/platform-console.md, "Entities and their fields"): read in one
// place for the configuration screen, password checks, login locks and password age.
import type { Db } from '../db/schema.ts';
import type { RuleFailure } from '../../core/form-rules.ts';

/** Where the configuration screen stores the group: config key `loginConfig`, the spec's field names. */
export const LOGIN_CONFIG_KEY = 'loginConfig';
/** A locked account opens again by itself after this long (or at once when an administrator resets its password). */
export const LOCK_MINUTES = 30;

export interface PasswordPolicy {
  /** Minimum length; 0 = only the 6–16 rule of the forms. */
  length: number;
  /** Failed logins in a row that lock the account; 0 = no check (the spec: "no check if unset"). */
  failLoginTimes: number;
  /** Character classes required (legal switch on): 1 uppercase, 2 lowercase, 3 special, 4 number. */
  legalType: number[];
  /** Change the password an administrator gave at the first login (isFirstLogin). */
  firstLoginChange: boolean;
  /** Days a password lives; 0 = never expires (noticeAuthor is not '0', or no maxAge). */
  maxAgeDays: number;
  /** Days before expiry from which the login reply carries a notice. */
  noticeDays: number;
  noticeContent: string;
  /** How the expiry notice is sent besides the login reply (noticeMethod: 1 SMS, 2 message centre, 3 e-mail). */
  noticeMethods: NoticeMethod[];
}

export type NoticeMethod = 'sms' | 'messageCenter' | 'email';
const NOTICE_METHODS: Record<number, NoticeMethod> = { 1: 'sms', 2: 'messageCenter', 3: 'email' };

const asNumber = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : 0;
const asFlag = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';
/** legalType and noticeMethod may be stored as an array or as "1,2,3" (the original platform's form). */
const asClasses = (v: unknown) =>
  (Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[,;]/) : []).map(asNumber).filter((n) => n >= 1 && n <= 4);

/** The policy from the stored group (missing or malformed values read as "no rule"). */
export function policyOf(stored: unknown): PasswordPolicy {
  const g = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const expires = String(g.noticeAuthor ?? '1') === '0';
  return {
    length: asNumber(g.length),
    failLoginTimes: asNumber(g.failLoginTimes),
    legalType: asFlag(g.legal) ? [...new Set(asClasses(g.legalType))].sort() : [],
    firstLoginChange: asFlag(g.isFirstLogin),
    maxAgeDays: expires ? asNumber(g.maxAge) : 0,
    noticeDays: expires ? asNumber(g.noticeTime) : 0,
    noticeContent: typeof g.noticeContent === 'string' ? g.noticeContent : '',
    noticeMethods: expires
      ? [
          ...new Set(
            asClasses(g.noticeMethod)
              .filter((n) => n <= 3)
              .map((n) => NOTICE_METHODS[n]),
          ),
        ]
      : [],
  };
}

/** The forms' own minimum (entities superuser and session: 6 to 16 characters). */
const FORM_MIN_LENGTH = 6;

/** The shortest new password accepted now: the policy's minimum when it asks for more than the forms. */
export const minimumLength = (policy: PasswordPolicy) => Math.max(FORM_MIN_LENGTH, policy.length);

export async function readPasswordPolicy(db: Db): Promise<PasswordPolicy> {
  const row = await db.selectFrom('config').select('value').where('key', '=', LOGIN_CONFIG_KEY).executeTakeFirst();
  return policyOf(row?.value);
}

const CLASS_TESTS: Record<number, RegExp> = { 1: /\p{Lu}/u, 2: /\p{Ll}/u, 3: /[^\p{L}\p{N}\s]/u, 4: /\p{N}/u };
const CLASS_LABELS: Record<number, string> = {
  1: 'password.class.uppercase',
  2: 'password.class.lowercase',
  3: 'password.class.special',
  4: 'password.class.number',
};

/** Label keys of the character classes the password lacks (the caller names them in the message). */
export function missingClasses(policy: PasswordPolicy, password: string): string[] {
  return policy.legalType.filter((c) => !CLASS_TESTS[c].test(password)).map((c) => CLASS_LABELS[c]);
}

/** What the password breaks, as form-rule failures on `field` (empty when it follows the policy). */
export function policyFailures(
  policy: PasswordPolicy,
  password: string,
  field: string,
  t: (key: string) => string,
): RuleFailure[] {
  const failures: RuleFailure[] = [];
  if (password.length < policy.length)
    failures.push({ field, message: 'password.msg.tooShort', params: { length: policy.length } });
  const missing = missingClasses(policy, password);
  if (missing.length > 0)
    failures.push({ field, message: 'password.msg.missingClasses', params: { classes: missing.map(t).join(', ') } });
  return failures;
}

/** Why the user must change the password before anything else, if at all. */
export function requiredChange(
  policy: PasswordPolicy,
  user: { mustChange: boolean; changedAt: Date },
  now = new Date(),
): 'firstLogin' | 'expired' | undefined {
  if (policy.firstLoginChange && user.mustChange) return 'firstLogin';
  if (policy.maxAgeDays > 0 && daysLeft(policy, user.changedAt, now) <= 0) return 'expired';
  return undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days until the password expires (rounded up, so "expires in 1 day" until it has). */
export function daysLeft(policy: PasswordPolicy, changedAt: Date, now = new Date()): number {
  return Math.ceil((changedAt.getTime() + policy.maxAgeDays * DAY_MS - now.getTime()) / DAY_MS);
}

/** The notice the login reply carries when the password expires within noticeTime days. */
export function expiryNotice(
  policy: PasswordPolicy,
  changedAt: Date,
  now = new Date(),
): { daysLeft: number; content: string } | undefined {
  if (policy.maxAgeDays <= 0 || policy.noticeDays <= 0) return undefined;
  const left = daysLeft(policy, changedAt, now);
  return left > 0 && left <= policy.noticeDays ? { daysLeft: left, content: policy.noticeContent } : undefined;
}
