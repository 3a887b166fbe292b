// Check codes: issued with an image and a cookie naming them, kept 5 minutes, usable once.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

export const CAPTCHA_COOKIE = 'atrium_cap';
export const CAPTCHA_LIFETIME_MS = 5 * 60 * 1000;

// No 0/o, 1/l/i: an administrator should not lose a login to a font.
const CHARACTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export async function issueCaptcha(db: Db): Promise<{ id: string; svg: string }> {
  const { default: svgCaptcha } = await import('svg-captcha'); // loads fonts: only when first asked
  const image = svgCaptcha.create({ size: 4, noise: 2, charPreset: CHARACTERS, width: 120, height: 40, fontSize: 48 });
  const id = randomBytes(18).toString('base64url');
  await db
    .insertInto('captchas')
    .values({ id, text: image.text, expires_at: new Date(Date.now() + CAPTCHA_LIFETIME_MS) })
    .execute();
  return { id, svg: image.data };
}

/** Consumes the check code whatever the answer, so one image allows one attempt. Case-insensitive. */
export async function consumeCaptcha(db: Db, id: string | undefined, answer: string): Promise<boolean> {
  if (!id) return false;
  const row = await db
    .deleteFrom('captchas')
    .where('id', '=', id)
    .returning(['text', sql<boolean>`expires_at > now()`.as('fresh')])
    .executeTakeFirst();
  return Boolean(row?.fresh) && row!.text.toLowerCase() === answer.trim().toLowerCase();
}
