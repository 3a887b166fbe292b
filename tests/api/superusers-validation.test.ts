// Privileged-user input is refused with the messages of spec/platform-console.md, "Validation rules" in en, zh and cn, field by field,
// including the cross-field and security-mode rules of the entity, and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePassword } from '../../src/core/password-codec.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import {
  createSuperuser,
  departmentId,
  deleteSuperusers,
  idsByName,
  setSecurityMode,
  superuserCount,
  uniqueLoginno,
  updateSuperuser,
} from './helpers/superuser-calls.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
const LANGUAGES = ['en', 'zh', 'cn'] as const;
type FieldErrors = { errors: Array<{ field: string; message: string }> };

describe.each(targets)('privileged-user validation on $name', (target) => {
  let server: TestServer;
  const clients = {} as Record<(typeof LANGUAGES)[number], ApiClient>;
  let acmeId: string;
  let globexId: string;
  const label = (lang: string, key: string) => server.catalogue.labels[lang][key];
  const valid = () => ({ name: 'Valid_User', loginno: uniqueLoginno('v'), issuperadmin: true });

  beforeAll(async () => {
    server = await startTestServer(target);
    for (const lang of LANGUAGES) clients[lang] = await server.signedIn(ADMIN.username, ADMIN.password, lang);
    [acmeId, globexId] = await idsByName(server.db, 'domains', ['Acme', 'Globex']);
  });
  afterAll(() => server?.close());

  /** Creating `fields` fails on `field` with `key` in every language, and stores nothing. */
  async function refusedEverywhere(fields: Record<string, unknown>, field: string, key: string) {
    const before = await superuserCount(server.db);
    const texts = new Set<string>();
    for (const lang of LANGUAGES) {
      const { status, reply } = await createSuperuser(clients[lang], { ...valid(), ...fields });
      expect(status).toBe(200);
      expect(reply.errcode).toBe(1001);
      const errors = (reply.data as unknown as FieldErrors).errors;
      expect(errors.find((e) => e.field === field)?.message).toBe(label(lang, key));
      texts.add(label(lang, key));
    }
    expect(texts.size).toBe(3); // real translations, not one text three times
    expect(await superuserCount(server.db)).toBe(before);
  }

  const cases: Array<{ what: string; fields: Record<string, unknown>; field: string; key: string }> = [
    { what: 'no name', fields: { name: undefined }, field: '/name', key: 'msg.fillName' },
    { what: 'an empty name', fields: { name: '' }, field: '/name', key: 'msg.fillName' },
    { what: 'a 23-character name', fields: { name: 'N'.repeat(23) }, field: '/name', key: 'msg.nameTooLong' },
    { what: 'a name with a space at its start', fields: { name: ' Two words' }, field: '/name', key: 'msg.nameChars' },
    { what: 'an empty login number', fields: { loginno: '' }, field: '/loginno', key: 'msg.fillLoginno' },
    {
      what: 'a 16-character login number',
      fields: { loginno: 'l'.repeat(16) },
      field: '/loginno',
      key: 'msg.loginnoLength',
    },
    {
      what: 'a blank password',
      fields: { password: '', confirmpwd: '' },
      field: '/password',
      key: 'msg.requirePassword',
    },
    { what: 'a 5-character password', fields: { password: 'abcde' }, field: '/password', key: 'msg.passwordLength' },
    {
      what: 'a 17-character password',
      fields: { password: 'p'.repeat(17) },
      field: '/password',
      key: 'msg.passwordLength',
    },
    {
      what: 'a confirmation that differs',
      fields: { password: 'Secret1', confirmpwd: 'Secret2' },
      field: '/confirmpwd',
      key: 'msg.passwordNotSame',
    },
    {
      what: 'no confirmation',
      fields: { confirmpwd: undefined },
      field: '/confirmpwd',
      key: 'msg.requireConfirmPassword',
    },
    { what: 'no email', fields: { email: '' }, field: '/email', key: 'msg.fillEmail' },
    { what: 'an invalid email', fields: { email: 'not-an-email' }, field: '/email', key: 'msg.invalidEmail' },
    { what: 'no user type', fields: { issuperadmin: false }, field: '/issuperadmin', key: 'msg.selectUserType' },
    {
      what: 'a tenant administrator without enterprises',
      fields: { issuperadmin: false, isdomainadmin: true, domains: [] },
      field: '/domains',
      key: 'msg.selectDomain',
    },
    {
      what: 'a developer without applications',
      fields: { issuperadmin: false, isdeveloper: true },
      field: '/applications',
      key: 'msg.selectSoftware',
    },
  ];

  for (const { what, fields, field, key } of cases) {
    it(`refuses ${what} with the same field message in en, zh and cn`, () => refusedEverywhere(fields, field, key));
  }

  it('reads the English messages a user sees', async () => {
    const read = async (fields: Record<string, unknown>) =>
      (await createSuperuser(clients.en, { ...valid(), ...fields })).reply.errmsg;
    expect(await read({ password: 'Secret1', confirmpwd: 'Other12' })).toBe('The two passwords are not the same.');
    expect(await read({ password: '' })).toBe('Please enter the password.');
    expect(await read({ issuperadmin: false })).toBe('Please select a user type.');
    expect(await read({ email: 'x@' })).toBe('The email address is not valid.');
  });

  it('lists every broken field at once, schema rules first', async () => {
    const { reply } = await createSuperuser(clients.en, {
      name: 'a, b',
      loginno: '',
      password: 'Secret1',
      confirmpwd: 'Nope123',
      issuperadmin: false,
      email: 'bad',
    });
    const fields = (reply.data as unknown as FieldErrors).errors.map((e) => e.field);
    expect(fields.sort()).toEqual(['/confirmpwd', '/email', '/issuperadmin', '/loginno', '/name']);
  });

  it('refuses a password that is not in the wire encoding', async () => {
    const { reply } = await clients.en.call('POST', '/authtime/superuser', {
      body: { ...valid(), password: '%%%%%%', confirmpwd: '%%%%%%', email: 'a@b.cn' },
    });
    expect(reply).toMatchObject({ errcode: 1001, errmsg: 'The password is not encoded correctly.' });
  });

  it('refuses the unchanged marker as the password of a new user', async () => {
    const { reply } = await clients.en.call('POST', '/authtime/superuser', {
      body: { ...valid(), password: encodePassword('******'), confirmpwd: encodePassword('******'), email: 'a@b.cn' },
    });
    expect(reply).toMatchObject({ errcode: 1001, errmsg: 'Please enter the password.' });
  });

  it('validates updates the same way and leaves the stored user as it was', async () => {
    const { reply: created } = await createSuperuser(clients.en, valid());
    const { reply } = await updateSuperuser(clients.zh, created.data.id, {
      ...valid(),
      loginno: created.data.loginno,
      password: 'Changed1',
      confirmpwd: '******',
    });
    expect(reply).toMatchObject({ errcode: 1001, errmsg: label('zh', 'msg.passwordNotSame') });
    const blank = await updateSuperuser(clients.cn, created.data.id, {
      ...valid(),
      loginno: created.data.loginno,
      password: '',
      confirmpwd: '',
    });
    expect(blank.reply).toMatchObject({ errcode: 1001, errmsg: label('cn', 'msg.requirePassword') });
    const row = await server.db
      .selectFrom('superusers')
      .select(['name', 'password_hash'])
      .where('id', '=', created.data.id)
      .executeTakeFirstOrThrow();
    const hashBefore = row.password_hash;
    expect(row.name).toBe('Valid_User');
    expect((await server.signedIn(created.data.loginno, 'Secret1')).cookies.size).toBeGreaterThan(0);
    expect(
      (
        await server.db
          .selectFrom('superusers')
          .select('password_hash')
          .where('id', '=', created.data.id)
          .executeTakeFirstOrThrow()
      ).password_hash,
    ).toBe(hashBefore);
  });

  it('needs a selection to delete (the select-superuser message)', async () => {
    const empty = await deleteSuperusers(clients.en, []);
    expect(empty.reply).toMatchObject({ errcode: 1001, errmsg: 'Please select the privileged users to delete.' });
    expect((await deleteSuperusers(clients.zh, [])).reply.errmsg).toBe(label('zh', 'msg.selectSuperuser'));
  });

  describe('in security mode', () => {
    beforeAll(() => setSecurityMode(server.db, true));
    afterAll(() => setSecurityMode(server.db, false));

    it('needs exactly one enterprise and a user type, not the user-type checkboxes', async () => {
      await refusedEverywhere(
        { issuperadmin: false, type: 'admin', domains: [acmeId, globexId] },
        '/domains',
        'msg.selectOneDomain',
      );
      await refusedEverywhere({ issuperadmin: false, type: 'admin', domains: [] }, '/domains', 'msg.selectOneDomain');
      await refusedEverywhere({ issuperadmin: false, domains: [acmeId] }, '/type', 'msg.selectUserType');
      const { reply } = await createSuperuser(clients.en, {
        ...valid(),
        issuperadmin: false,
        type: 'secret',
        domains: [acmeId],
      });
      expect(reply.errcode).toBe(0);
      expect(reply.data).toMatchObject({ type: 'secret', domains: [acmeId], issuperadmin: false });
    });

    it('refuses departments outside the chosen enterprise', async () => {
      const globexSales = await departmentId(server.db, 'Globex', 'Sales');
      await refusedEverywhere(
        { issuperadmin: false, type: 'examine', domains: [acmeId], departments: [globexSales] },
        '/departments',
        'msg.departmentNotInDomain',
      );
    });

    it('needs departments when the creator is tenant-scoped', async () => {
      const acme = await server.signedIn(ACME.username, ACME.password, 'en');
      const { reply } = await createSuperuser(acme, {
        ...valid(),
        issuperadmin: false,
        type: 'admin',
        domains: [acmeId],
      });
      expect(reply).toMatchObject({ errcode: 1001, errmsg: 'Please select a department.' });
      const sales = await departmentId(server.db, 'Acme', 'Sales');
      const ok = await createSuperuser(acme, {
        ...valid(),
        issuperadmin: false,
        type: 'admin',
        domains: [acmeId],
        departments: [sales],
      });
      expect(ok.reply.errcode).toBe(0);
      expect(ok.reply.data).toMatchObject({
        type: 'admin',
        isdomainadmin: true,
        domains: [acmeId],
        departments: [sales],
      });
    });
  });
});
