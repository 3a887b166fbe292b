// The password policy in force (configuration group loginConfig): minimum length and character
// classes on every password set, the lock after failed logins and both ways out of it, the forced
// change at first login and after the maximum age, and the notice before expiry.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { encodePassword } from '../../src/core/password-codec.ts';
import { writeConfig } from '../../src/server/db/config-store.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { createSuperuser, superuserCount, uniqueLoginno, updateSuperuser } from './helpers/superuser-calls.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();

describe.each(targets)('password policy in force on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  const policy = (values: Record<string, unknown>) => writeConfig(server.db, { loginConfig: values });
  const newUser = async (password = 'Secret1') => {
    const loginno = uniqueLoginno('pp');
    const { reply } = await createSuperuser(admin, {
      name: 'Policy_User',
      loginno,
      email: `${loginno}@atrium.example`,
      issuperadmin: true,
      password,
    });
    expect(reply.errcode, reply.errmsg).toBe(0);
    return { id: reply.data.id, loginno };
  };
  const changePassword = (client: ApiClient, oldpassword: string, password: string, confirmpwd = password) =>
    client.call<{ passwordChange?: string }>('POST', '/authtime/password', {
      body: {
        oldpassword: encodePassword(oldpassword),
        password: encodePassword(password),
        confirmpwd: encodePassword(confirmpwd),
      },
    });
  const ageDays = (id: string, days: number) =>
    server.db
      .updateTable('superusers')
      .set({ password_changed_at: sql<Date>`now() - make_interval(days => ${days})` })
      .where('id', '=', id)
      .execute();

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
  });
  beforeEach(() => policy({}));
  afterAll(() => server?.close());

  it('refuses a password shorter than the minimum length or missing a required class, naming what is missing', async () => {
    await policy({ length: 8, legal: 1, legalType: [1, 2, 3, 4] });
    const before = await superuserCount(server.db);
    const loginno = uniqueLoginno('pp');
    const body = { name: 'Policy_User', loginno, email: `${loginno}@atrium.example`, issuperadmin: true };
    const short = await createSuperuser(admin, { ...body, password: 'Ab1!xyz' });
    expect(short.reply).toMatchObject({ errcode: 1001, errmsg: 'The password must have at least 8 characters.' });
    const plain = await createSuperuser(admin, { ...body, password: 'abcdefgh' });
    expect(plain.reply.errmsg).toBe('The password must also contain: an uppercase letter, a special symbol, a number.');
    expect(plain.reply.data).toEqual({ errors: [{ field: '/password', message: plain.reply.errmsg }] });
    const zh = await server.signedIn(ADMIN.username, ADMIN.password, 'zh');
    expect((await createSuperuser(zh, { ...body, password: 'ABCDEFGH1' })).reply.errmsg).toBe(
      '密码还必须包含：小写字母, 特殊符号。',
    );
    expect(await superuserCount(server.db)).toBe(before);
    expect((await createSuperuser(admin, { ...body, password: 'Abcdef1!' })).reply.errcode).toBe(0);
  });

  it('applies the policy to a changed password but not to the unchanged marker', async () => {
    const { id, loginno } = await newUser('secret1');
    await policy({ length: 10 });
    const fields = { name: 'Policy_User', loginno, email: `${loginno}@atrium.example`, issuperadmin: true };
    expect((await updateSuperuser(admin, id, { ...fields, password: 'short12' })).reply.errcode).toBe(1001);
    expect((await updateSuperuser(admin, id, { ...fields, password: '******' })).reply.errcode).toBe(0);
    await server.signedIn(loginno, 'secret1');
  });

  it('locks an account after the configured failed logins; an administrator resetting the password or the lock time unlocks it', async () => {
    await policy({ failLoginTimes: 3 });
    const { id, loginno } = await newUser('Secret1');
    const client = server.client('en');
    for (let i = 0; i < 2; i++) expect((await client.login(loginno, 'wrong-1')).reply.errcode).toBe(1002);
    const locking = await client.login(loginno, 'wrong-1');
    expect(locking.reply).toMatchObject({
      errcode: 1005,
      errmsg:
        'This account is locked after too many failed logins. Try again in 30 minutes, or ask an administrator to set a new password.',
    });
    // Locked: even the right password is refused, and no session is opened.
    expect((await client.login(loginno, 'Secret1')).reply.errcode).toBe(1005);
    expect((await client.call('GET', '/authtime/myprofile')).status).toBe(401);
    // The administrator sets a new password: unlocked at once.
    const fields = { name: 'Policy_User', loginno, email: `${loginno}@atrium.example`, issuperadmin: true };
    expect((await updateSuperuser(admin, id, { ...fields, password: 'Reset12' })).reply.errcode).toBe(0);
    expect((await client.login(loginno, 'Reset12')).reply.errcode).toBe(0);
    // Locked again, then the lock time runs out.
    for (let i = 0; i < 3; i++) await client.login(loginno, 'wrong-1');
    expect((await client.login(loginno, 'Reset12')).reply.errcode).toBe(1005);
    await server.db
      .updateTable('superusers')
      .set({ locked_until: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute();
    expect((await client.login(loginno, 'Reset12')).reply.errcode).toBe(0);
  });

  it('counts failures only in a row and never locks when the count is unset', async () => {
    await policy({ failLoginTimes: 2 });
    const { loginno } = await newUser('Secret1');
    const client = server.client('en');
    expect((await client.login(loginno, 'wrong-1')).reply.errcode).toBe(1002);
    expect((await client.login(loginno, 'Secret1')).reply.errcode).toBe(0);
    expect((await client.login(loginno, 'wrong-1')).reply.errcode).toBe(1002);
    await policy({});
    for (let i = 0; i < 5; i++) expect((await client.login(loginno, 'wrong-1')).reply.errcode).toBe(1002);
    expect((await client.login(loginno, 'Secret1')).reply.errcode).toBe(0);
  });

  it('forces a password change at first login before anything else', async () => {
    await policy({ isFirstLogin: 1, length: 8 });
    const { loginno } = await newUser('Given123');
    const client = server.client('en');
    const login = await client.login(loginno, 'Given123');
    expect(login.reply.data).toMatchObject({ passwordChange: 'firstLogin' });
    const refused = await client.call('POST', '/authtime/domains', { body: {} });
    expect(refused.reply).toMatchObject({
      errcode: 1006,
      errmsg: 'You must change your password before you continue.',
    });
    expect((await client.call('GET', '/authtime/myprofile')).reply.data).toMatchObject({
      passwordChange: 'firstLogin',
    });
    expect((await changePassword(client, 'nope1234', 'Mine12345')).reply.data).toEqual({
      errors: [{ field: '/oldpassword', message: 'The current password is not correct.' }],
    });
    expect((await changePassword(client, 'Given123', 'Given123')).reply.errmsg).toBe(
      'The new password must differ from the current one.',
    );
    expect((await changePassword(client, 'Given123', 'Mine1234', 'Mine12345')).reply.errcode).toBe(1001);
    expect((await changePassword(client, 'Given123', 'Mine12')).reply.errmsg).toBe(
      'The password must have at least 8 characters.',
    );
    const changed = await changePassword(client, 'Given123', 'Mine1234');
    expect(changed.reply.errcode).toBe(0);
    expect(changed.reply.data.passwordChange).toBeUndefined();
    expect((await client.call('POST', '/authtime/domains', { body: {} })).reply.errcode).toBe(0);
    await server.signedIn(loginno, 'Mine1234');
  });

  it('does not force a change when the first-login switch is off, nor for a password the user set itself', async () => {
    const { loginno } = await newUser('Given123');
    const client = server.client('en');
    expect((await client.login(loginno, 'Given123')).reply.data).not.toHaveProperty('passwordChange');
    await policy({ isFirstLogin: 1 });
    expect((await changePassword(client, 'Given123', 'Mine1234')).reply.errcode).toBe(0);
    expect((await client.login(loginno, 'Mine1234')).reply.data).not.toHaveProperty('passwordChange');
  });

  it('notices an expiry within the notice time and forces a change once the maximum age has passed', async () => {
    await policy({
      noticeAuthor: '0',
      maxAge: 30,
      noticeTime: 5,
      noticeMethod: [2],
      noticeContent: 'Please change it soon.',
    });
    const { id, loginno } = await newUser('Given123');
    const client = server.client('en');
    await ageDays(id, 20);
    const fresh = (await client.login(loginno, 'Given123')).reply.data as Record<string, unknown>;
    expect(fresh).not.toHaveProperty('passwordNotice');
    await ageDays(id, 27);
    expect((await client.login(loginno, 'Given123')).reply.data).toMatchObject({
      passwordNotice: { daysLeft: 3, content: 'Please change it soon.' },
    });
    await ageDays(id, 31);
    expect((await client.login(loginno, 'Given123')).reply.data).toMatchObject({ passwordChange: 'expired' });
    expect((await client.call('GET', '/authtime/superuser')).reply.errcode).toBe(1006);
    expect((await changePassword(client, 'Given123', 'Mine1234')).reply.errcode).toBe(0);
    expect((await client.call('GET', '/authtime/superuser')).reply.errcode).toBe(0);
    // With notice-author on (never expire), age does not matter.
    await ageDays(id, 400);
    await policy({ noticeAuthor: '1', maxAge: 30, noticeTime: 5 });
    expect((await client.login(loginno, 'Mine1234')).reply.data).not.toHaveProperty('passwordChange');
  });
});
