// Auth area: check-code image, login, logout and the current user's profile.
import { decodePassword } from '../../../core/password-codec.ts';
import { AppError } from '../../http/app-error.ts';
import { CAPTCHA_COOKIE, CAPTCHA_LIFETIME_MS, consumeCaptcha, issueCaptcha } from '../../auth/captcha-store.ts';
import { clearSessionCookies, setSessionCookies } from '../../auth/cookies.ts';
import { selectCurrentUser, toCurrentUser } from '../../auth/current-user.ts';
import { unusableHash, verifyPassword } from '../../auth/password-hash.ts';
import { rehashIfOlder } from '../../auth/superuser-rehash.ts';
import { createSession, deleteSession } from '../../auth/sessions.ts';
import { clearFailedLogins, lockedMinutesLeft, recordFailedLogin } from '../../auth/login-lock.ts';
import { LOCK_MINUTES, readPasswordPolicy } from '../../auth/password-policy.ts';
import { onlyInactiveEnterprises } from '../../auth/inactive-enterprise.ts';
import { changePassword } from './change-password.ts';
import { profileOf } from './profile.ts';
import { requireUser, type CallHandler, type Handler, type HandlerContext } from '../handler.ts';

async function captcha({ services, request, reply }: HandlerContext): Promise<string> {
  const { id, svg } = await issueCaptcha(services.db);
  reply.setCookie(CAPTCHA_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: CAPTCHA_LIFETIME_MS / 1000,
  });
  reply.header('cache-control', 'no-store');
  return svg;
}

const login: CallHandler<'auth.login'> = async ({ services, body, request, reply }) => {
  const { db } = services;
  // The check code goes first and is spent either way: guessing passwords costs one image each.
  if (services.captcha && !(await consumeCaptcha(db, request.cookies[CAPTCHA_COOKIE], body.checkcode)))
    throw new AppError('badCheckcode');
  const password = decodePassword(body.password);
  if (password === null) throw new AppError('validation', undefined, 'error.badPassword');
  const row = await selectCurrentUser(db)
    .select('u.password_hash')
    .where((eb) => eb(eb.fn('lower', ['u.loginno']), '=', body.username.trim().toLowerCase()))
    .executeTakeFirst();
  // A locked account is refused before its password is tried, so guessing stops while it is locked.
  const minutesLeft = row ? await lockedMinutesLeft(db, row.id) : 0;
  if (minutesLeft > 0) throw new AppError('accountLocked', { minutes: minutesLeft });
  // Unknown usernames spend the same scrypt time and get the same message as wrong passwords.
  const matches = await verifyPassword(password, row?.password_hash ?? unusableHash());
  if (row && !matches && (await recordFailedLogin(db, row.id, await readPasswordPolicy(db))))
    throw new AppError('accountLocked', { minutes: LOCK_MINUTES });
  if (!row || !matches) throw new AppError('badCredentials');
  await clearFailedLogins(db, row.id);
  if (row.status !== 1) throw new AppError('accountDisabled');
  const user = toCurrentUser(row);
  if (await onlyInactiveEnterprises(db, user.reach))
    throw new AppError('accountDisabled', undefined, 'error.enterpriseInactive');
  await rehashIfOlder(db, row.id, password, row.password_hash);
  // A new login replaces the browser's previous session instead of leaving it alive beside the new one.
  const previous = await request.atrium.session();
  if (previous) await deleteSession(db, previous.id);
  const tokens = await createSession(db, row.id, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
  setSessionCookies(request, reply, tokens);
  reply.clearCookie(CAPTCHA_COOKIE, { path: '/' });
  request.atrium.forgetSession();
  const profile = await profileOf(services, request, user);
  // Remembered for what the server later sends this user unasked (password-expiry notices).
  await db
    .updateTable('superusers')
    .set({ language: profile.language })
    .where('id', '=', row.id)
    .where('language', '<>', profile.language)
    .execute();
  return profile;
};

const logout: CallHandler<'auth.logout'> = async ({ services, session, request, reply }) => {
  if (session) await deleteSession(services.db, session.id);
  clearSessionCookies(request, reply);
  request.atrium.forgetSession();
  return 'ok';
};

const myprofile: CallHandler<'auth.myprofile'> = (ctx) => profileOf(ctx.services, ctx.request, requireUser(ctx));

export const authHandlers: Record<string, Handler> = {
  'auth.captcha': captcha,
  'auth.login': login,
  'auth.logout': logout,
  'auth.myprofile': myprofile,
  'auth.changePassword': changePassword,
};
