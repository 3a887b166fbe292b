// The operation log (docs/adr/0056-operation-log.md) on both databases: every call with effects logged by the route loop (a
// write, refusals, sign-ins) with its secrets masked; the search, one entry, the review, the export as
// .xlsx and .csv read back; who reads which enterprise's log, in and out of security separation; and
// the chain: an entry altered in the database is the one `verify` names, and a retention delete
// leaves a checkpoint the chain still verifies from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';
import { getDomain, updateDomain } from './helpers/domain-calls.ts';
import { idsByName, setSecurityMode } from './helpers/superuser-calls.ts';
import { replyProblems } from './helpers/reply-schemas.ts';
import type { ApiClient } from './helpers/api-client.ts';
import type { EntryReply } from '../../src/server/areas/operation-log/log-queries.ts';
import { MASK } from '../../src/server/operation-log/secret-fields.ts';
import { listLog, logEntries } from './helpers/operation-log-calls.ts';
import { int8 } from '../../src/server/db/int8.ts';

const targets = await databaseTargets();

describe.each(targets)('operation log on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acme: ApiClient;
  let globex: ApiClient;
  let acmeId: string;
  let globexId: string;

  const list = listLog;
  const entries = logEntries;
  const verify = (client: ApiClient, id: string) =>
    client.call<{ success: boolean; message: string; checked: number; broken: { id: string; reason: string } | null }>(
      'POST',
      `/authtime/domain/${id}/logger/verify`,
    );

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    acme = await server.signedIn(ACME.username, ACME.password, 'en');
    globex = await server.signedIn(GLOBEX.username, GLOBEX.password, 'en');
    [acmeId, globexId] = await idsByName(server.db, 'domains', ['Acme', 'Globex']);
  });
  afterAll(async () => {
    if (server) await setSecurityMode(server.db, false);
    await server?.close();
  });

  it('logs a write with who, where, which call and target, and its secrets masked', async () => {
    const domain = (await getDomain(admin, acmeId)).reply.data;
    const saved = await updateDomain(admin, acmeId, {
      ...domain,
      description: 'Logged change',
      smsMemberPwd: 'TopSecret9',
    });
    expect(saved.reply.errcode, saved.reply.errmsg).toBe(0);
    const [entry] = await entries(admin, acmeId, { call: 'domains.update' });
    expect(entry).toMatchObject({
      operator: 'Platform_Administrator (admin)',
      userKind: 'super',
      ip: '127.0.0.1',
      call: 'domains.update',
      method: 'PUT',
      path: `/authtime/domain/${acmeId}`,
      target: acmeId,
      domainid: acmeId,
      errcode: 0,
      outcome: 'success',
    });
    expect(entry.change).toMatchObject({ description: 'Logged change', smsMemberPwd: MASK });
    expect(JSON.stringify(entry)).not.toContain('TopSecret9');
    // Nothing else stores it in clear either: the row as the database holds it.
    const stored = await sql<{
      change: string;
    }>`select change::text as change from operation_log where seq = ${entry.id}`.execute(server.db);
    expect(stored.rows[0].change).not.toContain('TopSecret9');
    const one = await admin.call<EntryReply>('GET', `/authtime/domain/${acmeId}/logger`, {
      query: { logid: entry.id },
    });
    expect(one.reply).toMatchObject({ errcode: 0, data: { id: entry.id, hash: entry.hash } });
    expect(replyProblems(server.catalogue, 'operationLog.get', one.reply.data)).toEqual([]);
  });

  it('leaves searches out: a POST the catalogue marks without effects writes no entry', async () => {
    const searched = await acme.call('POST', `/authtime/domain/${acmeId}/users`, { body: { name: 'nobody-here' } });
    expect(searched.reply.errcode, searched.reply.errmsg).toBe(0);
    await entries(acme, acmeId); // the log's own search, also not logged
    const control = await acme.call('POST', `/authtime/domain/${acmeId}/department`, { body: { name: '' } });
    expect(control.reply.errcode).toBe(1001);
    expect((await entries(admin, acmeId, { call: 'departments.create' })).some((e) => e.errcode === 1001)).toBe(true);
    const logged = await entries(admin, acmeId, { call: 'users.list' });
    expect(logged).toEqual([]);
    expect(await entries(admin, acmeId, { call: 'operationLog.list' })).toEqual([]);
  });

  it("files a super administrator's change of an enterprise's calendar in that enterprise's log", async () => {
    const calendars = await server.db
      .selectFrom('work_calendars')
      .select('id')
      .where('domain_id', '=', acmeId)
      .execute();
    const id = calendars[0].id;
    const week = await admin.call<{ days: unknown[] }>('GET', `/authtime/domain/calendar/${id}/standardday`);
    const saved = await admin.call('PUT', `/authtime/domain/calendar/${id}/standardday`, {
      body: { days: week.reply.data.days },
    });
    expect(saved.reply.errcode, saved.reply.errmsg).toBe(0);
    const [entry] = await entries(admin, acmeId, { call: 'calendars.saveStandardDay' });
    expect(entry).toMatchObject({ call: 'calendars.saveStandardDay', target: id, domainid: acmeId, userKind: 'super' });
  });

  it('logs refusals: out of reach, bad input and a wrong CSRF token, each with its code and message', async () => {
    const domain = (await getDomain(admin, globexId)).reply.data;
    expect((await updateDomain(acme, globexId, { ...domain, description: 'Not mine' })).reply.errcode).not.toBe(0);
    expect((await updateDomain(admin, globexId, { ...domain, name: '' })).reply.errcode).toBe(1001);
    const csrf = await admin.call('PUT', `/authtime/domain/${globexId}`, { body: domain, withoutCsrf: true });
    expect(csrf.reply.errcode).toBe(1419);
    const refused = await entries(admin, globexId, { outcome: 'refused', call: 'domains.update' });
    const [noCsrf, invalid, outOfReach] = refused;
    expect(noCsrf).toMatchObject({ operator: 'Platform_Administrator (admin)', errcode: 1419 });
    expect(invalid).toMatchObject({ operator: 'Platform_Administrator (admin)', errcode: 1001, outcome: 'refused' });
    expect(invalid.message).toMatch(/\S/);
    expect(outOfReach).toMatchObject({
      operator: 'Acme_Administrator (acme)',
      errcode: expect.any(Number),
      outcome: 'refused',
    });
    expect(outOfReach.change).toMatchObject({ description: 'Not mine' });
  });

  it('logs sign-ins, failed ones and sign-outs, in the enterprise of the user or the platform', async () => {
    const visitor = server.client('en');
    expect((await visitor.login('acme', 'Wrong@2026')).reply.errcode).toBe(1002);
    const other = await server.signedIn(ACME.username, ACME.password, 'en');
    expect((await other.call('POST', '/authtime/logout')).reply.errcode).toBe(0);
    const acmeLog = await entries(acme, acmeId, { call: 'auth.' });
    expect(acmeLog.slice(0, 2).map((e) => [e.call, e.operator, e.errcode])).toEqual([
      ['auth.logout', 'Acme_Administrator (acme)', 0],
      ['auth.login', 'Acme_Administrator (acme)', 0],
    ]);
    expect(acmeLog[0].change).toBeNull();
    // A failed sign-in belongs to no enterprise (nobody signed in): the platform's log, password masked.
    const platform = await entries(admin, 'platform', { call: 'auth.login', outcome: 'refused' });
    expect(platform[0]).toMatchObject({ operator: 'acme', userId: null, errcode: 1002, domainid: null });
    expect(platform[0].change).toMatchObject({ username: 'acme', password: MASK });
  });

  it('searches by operator, IP, target, days and outcome', async () => {
    const all = await entries(admin, acmeId);
    expect(all.length).toBeGreaterThan(2);
    const byAcme = await entries(admin, acmeId, { operator: 'acme' });
    expect(byAcme.length).toBeGreaterThan(0);
    expect(byAcme.every((e) => e.operator.endsWith('(acme)'))).toBe(true);
    expect((await entries(admin, acmeId, { target: acmeId })).every((e) => e.target.includes(acmeId))).toBe(true);
    expect(await entries(admin, acmeId, { ip: '10.9.9.9' })).toEqual([]);
    // Each search is itself logged, so a later search finds more: compare the entries seen first.
    const ids = (found: EntryReply[]) => found.map((e) => e.id);
    expect(ids(await entries(admin, acmeId, { ip: '127.0.0' }))).toEqual(expect.arrayContaining(ids(all)));
    const today = new Date().toISOString().slice(0, 10);
    expect(ids(await entries(admin, acmeId, { dateFrom: today, dateTo: today }))).toEqual(
      expect.arrayContaining(ids(all)),
    );
    expect(await entries(admin, acmeId, { dateTo: '2020-01-01' })).toEqual([]);
    expect((await entries(admin, acmeId, { outcome: 'success' })).every((e) => e.errcode === 0)).toBe(true);
    const bad = await list(admin, acmeId, { dateFrom: '25/11/2026' });
    expect(bad.reply).toMatchObject({ errcode: 1001, errmsg: 'Enter a date as yyyy-MM-dd.' });
    const page = await list(admin, acmeId, {}, { pagelines: 2, currpage: 1 });
    expect(page.reply.data.datas).toHaveLength(2);
    expect(page.reply.data.rowCount).toBeGreaterThanOrEqual(all.length);
    expect(replyProblems(server.catalogue, 'operationLog.list', page.reply.data)).toEqual([]);
  });

  // The plain list's total is the chain's kept count (docs/adr/0138-flow-list-and-log-plans.md), not a
  // count of the rows: it must follow every writer, the route loop's appends and a delete by hand alike.
  it("answers the plain list's total as the chain holds, after appends and writes by SQL", async () => {
    const counted = async () =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from operation_log where chain = ${acmeId}`.execute(server.db))
          .rows[0].n,
      );
    const total = async () => {
      await server.app.services.operationLog.idle();
      return (await list(admin, acmeId, {}, { pagelines: 2, currpage: 1 })).reply.data.rowCount;
    };
    expect(await total()).toBe(await counted());
    const domain = (await getDomain(admin, acmeId)).reply.data;
    expect((await updateDomain(admin, acmeId, { ...domain, description: 'Counted' })).reply.errcode).toBe(0);
    expect(await total()).toBe(await counted());
    // An entry written and removed by hand (removed again, so the chain stays whole for the tests after).
    const { rows } = await sql<{ seq: string }>`insert into operation_log (seq, chain, at, domain_id, call_id, method,
        path, errcode, prev_hash, hash)
      values (nextval('operation_log_seq'), ${acmeId}, now(), ${acmeId}, 'test.count', 'POST', '/x', 0, '', '')
      returning seq`.execute(server.db);
    expect(await total()).toBe(await counted());
    await sql`delete from operation_log where seq = ${rows[0].seq}`.execute(server.db);
    expect(await total()).toBe(await counted());
  });

  it('exports the search as .xlsx and .csv', async () => {
    const wanted = await entries(admin, acmeId, { call: 'domains.update' });
    const xlsx = await admin.raw('GET', `/authtime/domain/${acmeId}/logger/export`, {
      query: { call: 'domains.update' },
    });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect(xlsx.headers.get('content-disposition')).toMatch(/attachment; filename="log-.*\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('No.');
    expect(sheet.getRow(1).getCell(3).value).toBe('Operator');
    expect(sheet.rowCount - 1).toBe(wanted.length);
    expect(sheet.getRow(2).getCell(1).value).toBe(wanted[0].id);
    expect(String(sheet.getRow(2).getCell(16).value)).toContain(MASK);
    // The action and the target as a reader names them, beside the call id and target id.
    expect(sheet.getRow(1).getCell(6).value).toBe('Action');
    expect(sheet.getRow(2).getCell(6).value).toBe(wanted[0].action);
    expect(sheet.getRow(2).getCell(10).value).toBe('Acme');

    const csv = await admin.withLanguage('zh').raw('GET', `/authtime/domain/${acmeId}/logger/export`, {
      query: { call: 'domains.update', format: 'csv', date: new Date().toISOString().slice(0, 10) },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    const lines = text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0].split(',').slice(0, 3)).toEqual(['序号', '时间', '操作人']);
    expect(lines).toHaveLength(wanted.length + 1);
    expect(lines[1].startsWith(`${wanted[0].id},`)).toBe(true);
    expect(text).not.toContain('TopSecret9');

    // The list's own day names (the console's export buttons send its search as is; docs/adr/0143-list-exports-and-dialog-forms-in-yaml.md):
    // today finds the same rows, a day long past none, and the spec's `date` wins over them.
    const byDays = async (query: Record<string, string>) =>
      (
        await (
          await admin.raw('GET', `/authtime/domain/${acmeId}/logger/export`, {
            query: { call: 'domains.update', format: 'csv', ...query },
          })
        ).text()
      )
        .trim()
        .split('\r\n').length - 1;
    const today = new Date().toISOString().slice(0, 10);
    expect(await byDays({ dateFrom: today, dateTo: today })).toBe(wanted.length);
    expect(await byDays({ dateFrom: '2001-01-01', dateTo: '2001-01-02' })).toBe(0);
    expect(await byDays({ dateTo: '2001-01-02', date: today })).toBe(wanted.length);
  });

  it('keeps each administrator to its own enterprise', async () => {
    expect((await list(acme, globexId)).reply).toMatchObject({ errcode: 1404 });
    expect((await list(acme, 'platform')).reply.errcode).toBe(1404);
    expect((await list(acme, 'no-such-domain')).reply.errcode).toBe(1404);
    expect((await globex.call('GET', `/authtime/domain/${acmeId}/logger/export`)).reply.errcode).toBe(1404);
    expect((await verify(globex, acmeId)).reply.errcode).toBe(1404);
    // An entry of Globex is not found through Acme's log.
    const [globexEntry] = await entries(globex, globexId);
    expect(
      (await acme.call('GET', `/authtime/domain/${acmeId}/logger`, { query: { logid: globexEntry.id } })).reply.errcode,
    ).toBe(1404);
    expect(
      (await acme.call('PUT', `/authtime/domain/${acmeId}/logger`, { body: { id: globexEntry.id, remark: 'x' } })).reply
        .errcode,
    ).toBe(1404);
    const sales = await server.signedIn('sales', 'Sales@2026', 'en');
    expect((await list(sales, acmeId)).reply.errcode).toBe(1403);
    expect(
      (await acme.call('DELETE', `/authtime/domain/${acmeId}/loggers`, { body: { olderThanDays: 365 } })).reply.errcode,
    ).toBe(1403);
  });

  it('reviews an entry beside its hashed content, and the review is logged too', async () => {
    const [entry] = await entries(acme, acmeId, { call: 'domains.update' });
    const { reply } = await acme.call<EntryReply>('PUT', `/authtime/domain/${acmeId}/logger`, {
      body: { id: entry.id, remark: 'Checked with the owner', reviewed: true },
    });
    expect(reply).toMatchObject({
      errcode: 0,
      data: {
        id: entry.id,
        remark: 'Checked with the owner',
        reviewed: true,
        reviewedBy: 'Acme_Administrator',
        hash: entry.hash,
      },
    });
    const [review] = await entries(acme, acmeId, { call: 'operationLog.update' });
    expect(review).toMatchObject({
      operator: 'Acme_Administrator (acme)',
      target: entry.id,
      change: { id: entry.id, remark: 'Checked with the owner', reviewed: true },
    });
    expect((await verify(acme, acmeId)).reply.data).toMatchObject({ success: true, broken: null });
  });

  it('names exactly the entry altered in the database, and passes again once it is restored', async () => {
    const before = await verify(admin, acmeId);
    expect(before.reply.data).toMatchObject({ success: true, broken: null });
    expect(before.reply.data.message).toMatch(/^The log is intact: \d+ entries verified\. /);
    // Without ATRIUM_LOG_KEY the key is in the database, and the reply says what that is worth.
    expect(before.reply.data).toMatchObject({ keyOutside: false, head: { entries: expect.any(Number) } });
    expect(before.reply.data.message).toContain("The log's key is kept in the database");
    const log = await entries(admin, acmeId);
    const victim = log[Math.floor(log.length / 2)];
    await server.db
      .updateTable('operation_log')
      .set({ user_name: 'mallory' })
      .where('seq', '=', int8(victim.id))
      .execute();
    const broken = await verify(admin, acmeId);
    expect(broken.reply.data).toMatchObject({ success: false, broken: { id: victim.id, reason: 'edited' } });
    expect(broken.reply.data.message).toContain(`Entry ${victim.id} (`);
    // The other enterprises' chains are not touched by it.
    expect((await verify(admin, globexId)).reply.data.success).toBe(true);
    // Recomputing the altered entry's own hash only moves the break to the link after it.
    await server.db
      .updateTable('operation_log')
      .set({ user_name: victim.operator })
      .where('seq', '=', int8(victim.id))
      .execute();
    expect((await verify(admin, acmeId)).reply.data.success).toBe(true);
    // An entry removed from the middle breaks the link of the one after it.
    const next = log[Math.floor(log.length / 2) - 1];
    const row = await server.db
      .selectFrom('operation_log')
      .selectAll()
      .where('seq', '=', int8(victim.id))
      .executeTakeFirstOrThrow();
    await server.db.deleteFrom('operation_log').where('seq', '=', int8(victim.id)).execute();
    expect((await verify(admin, acmeId)).reply.data).toMatchObject({
      success: false,
      broken: { id: next.id, reason: 'link' },
    });
    await server.db
      .insertInto('operation_log')
      .values({ ...row, change: JSON.stringify(row.change) })
      .execute();
    expect((await verify(admin, acmeId)).reply.data.success).toBe(true);
  });

  it('deletes only past the retention age, behind a signed checkpoint the chain verifies from', async () => {
    const refused = await admin.call('DELETE', `/authtime/domain/${acmeId}/loggers`, { body: { olderThanDays: 1 } });
    expect(refused.reply).toMatchObject({ errcode: 1001, errmsg: 'Only entries older than 180 days may be deleted.' });
    expect(
      (await admin.call('DELETE', `/authtime/domain/${acmeId}/loggers`, { body: { olderThanDays: -1 } })).reply.errcode,
    ).toBe(1001);
    const before = await entries(admin, acmeId);
    // This server keeps no minimum, so everything written so far is "past" it.
    server.app.services.logRetentionDays = 0;
    const { reply } = await admin.call<{ deleted: number }>('DELETE', `/authtime/domain/${acmeId}/loggers`, {
      body: { olderThanDays: 0 },
    });
    expect(reply.errcode, reply.errmsg).toBe(0);
    expect(reply.data.deleted).toBeGreaterThanOrEqual(before.length);
    const after = await entries(admin, acmeId);
    // What remains: the delete itself (the list call just made is logged after its reply).
    expect(after.map((e) => e.call)).toEqual(['operationLog.delete']);
    expect((await verify(admin, acmeId)).reply.data).toMatchObject({ success: true, broken: null });
    // A forged checkpoint fails verification.
    await server.db.updateTable('operation_log_checkpoints').set({ deleted: 1 }).where('chain', '=', acmeId).execute();
    expect((await verify(admin, acmeId)).reply.data).toMatchObject({
      success: false,
      broken: { reason: 'checkpoint' },
    });
    server.app.services.logRetentionDays = 180;
  });

  describe('with security separation on', () => {
    let auditor: ApiClient;
    let sysadmin: ApiClient;
    beforeAll(async () => {
      await setSecurityMode(server.db, true);
      auditor = await server.signedIn('auditor', 'Auditor@2026', 'en');
      sysadmin = await server.signedIn('sysadmin', 'Sysadmin@2026', 'en');
    });
    afterAll(() => setSecurityMode(server.db, false));

    it('only the auditor reads the log, and nobody deletes it', async () => {
      const superAdmin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
      expect((await list(auditor, globexId)).reply.errcode).toBe(0);
      expect((await list(auditor, 'platform')).reply.errcode).toBe(0);
      expect((await verify(auditor, acmeId)).reply.errcode).toBe(0);
      for (const client of [superAdmin, sysadmin, acme]) expect((await list(client, acmeId)).reply.errcode).toBe(1403);
      for (const client of [auditor, superAdmin, sysadmin]) {
        const { reply } = await client.call('DELETE', `/authtime/domain/${acmeId}/loggers`, {
          body: { olderThanDays: 3650 },
        });
        expect(reply.errcode).toBe(1403);
      }
      // The refused deletes are in the log, read by the auditor.
      const deletes = await entries(auditor, acmeId, { call: 'operationLog.delete', outcome: 'refused' });
      expect(
        deletes
          .slice(0, 3)
          .map((e) => e.operator.replace(/^.*\((.*)\)$/, '$1'))
          .sort(),
      ).toEqual(['admin', 'auditor', 'sysadmin']);
    });
  });
});
