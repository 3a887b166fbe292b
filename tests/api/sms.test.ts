// Test SMS over real HTTP on both databases, through the HTTP gateway adapter pointed at a local fake
// gateway: what the gateway receives, its answers passed on, the phone rule and the tenant scope.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpGateway } from '../../src/server/integrations/sms/http-gateway.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../support/fake-sms-gateway.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { createDomain, listDomains, uniqueName, updateDomain } from './helpers/domain-calls.ts';
import { replyProblems } from './helpers/reply-schemas.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();

type Answer = { type: string; message: string };
const PHONE = '13800138000';

describe.each(targets)('test SMS on $name', (target) => {
  let gateway: FakeSmsGateway;
  let server: TestServer;
  let admin: ApiClient;
  let domainId: string;
  let domainName: string;
  const testSms = (id: string, phone: string, client = admin) =>
    client.call<Answer>('GET', `/authtime/domain/${id}/sms/${phone}`);

  beforeAll(async () => {
    gateway = await startFakeSmsGateway();
    const smsGateway = httpGateway({
      url: gateway.url,
      username: 'atrium',
      password: 'gw-pass',
      testTemplate: 'Test from {{domain}} ({{systemName}})',
      timeoutMs: 3000,
    });
    server = await startTestServer(target, { smsGateway });
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    domainName = uniqueName('Sms');
    const { reply } = await createDomain(admin, {
      name: domainName,
      systemName: 'Sms system',
      smsMemberCode: 'M-0042',
      smsMemberPwd: 'member-secret',
    });
    domainId = reply.data.id;
  });
  afterAll(async () => {
    await server?.close();
    await gateway?.close();
  });
  beforeEach(() => {
    gateway.received.length = 0;
    gateway.answer({ type: 'success', message: 'queued' });
  });

  it('posts the saved member code, password, phone and text to the gateway with its credentials', async () => {
    const { reply } = await testSms(domainId, PHONE);
    expect(reply).toEqual({ errcode: 0, errmsg: 'ok', data: { type: 'success', message: 'queued' } });
    expect(replyProblems(server.catalogue, 'sms.test', reply.data)).toEqual([]);
    expect(gateway.received).toHaveLength(1);
    const [sent] = gateway.received;
    expect(sent.method).toBe('POST');
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from('atrium:gw-pass').toString('base64')}`);
    expect(sent.body).toEqual({
      memberCode: 'M-0042',
      password: 'member-secret',
      phone: PHONE,
      content: `Test from ${domainName} (Sms system)`,
    });
  });

  it('passes a refusal of the gateway on with its own type and message', async () => {
    gateway.answer({ type: 'fail', message: 'Insufficient balance' });
    const { reply } = await testSms(domainId, PHONE);
    expect(reply).toEqual({ errcode: 0, errmsg: 'ok', data: { type: 'fail', message: 'Insufficient balance' } });
  });

  it('says what happened when the gateway fails without a readable answer, or cannot be reached', async () => {
    gateway.answer({ status: 503, body: 'down for maintenance' });
    const down = await testSms(domainId, PHONE);
    expect(down.reply.data).toEqual({ type: 'error', message: 'HTTP 503' });
    gateway.answer({ status: 200, body: '<html>not json</html>' });
    const garbled = await testSms(domainId, PHONE);
    expect(garbled.reply.data).toEqual({
      type: 'error',
      message: 'The SMS gateway could not be reached: the server refused the request or answered something unreadable',
    });
  });

  it('uses the password as stored: the unchanged marker keeps it, a new one is sent from then on', async () => {
    await updateDomain(admin, domainId, { name: domainName, smsMemberPwd: '******' });
    await testSms(domainId, PHONE);
    expect(gateway.received[0].body).toMatchObject({ password: 'member-secret' });
    await updateDomain(admin, domainId, { name: domainName, smsMemberPwd: 'renewed' });
    await testSms(domainId, PHONE);
    expect(gateway.received[1].body).toMatchObject({ password: 'renewed' });
    await updateDomain(admin, domainId, { name: domainName, smsMemberPwd: 'member-secret' });
  });

  it('refuses a phone that is not 11 digits starting with 1, in two languages, sending nothing', async () => {
    for (const phone of ['1380013800', '138001380001', '23800138000', '1380013800a', '+8613800138']) {
      const { reply } = await testSms(domainId, phone);
      expect(reply, phone).toMatchObject({ errcode: 1001, errmsg: 'Invalid phone number.' });
    }
    const zh = await testSms(domainId, '12345', admin.withLanguage('zh'));
    expect(zh.reply).toMatchObject({
      errcode: 1001,
      errmsg: '手机号码格式不正确',
      data: { errors: [{ field: '/phone', message: '手机号码格式不正确' }] },
    });
    const cn = await testSms(domainId, '12345', admin.withLanguage('cn'));
    expect(cn.reply.errmsg).toBe('手機號碼格式不正確');
    expect(gateway.received).toEqual([]);
  });

  it('asks for the SMS account first when the enterprise has none, and 1404 for an unknown one', async () => {
    const { reply: bare } = await createDomain(admin, { name: uniqueName('NoSms') });
    expect((await testSms(bare.data.id, PHONE)).reply).toEqual({
      errcode: 1001,
      errmsg: 'Fill in and save the SMS member code and password first.',
      data: null,
    });
    expect((await testSms('no-such-domain', PHONE)).reply.errcode).toBe(1404);
    expect(gateway.received).toEqual([]);
  });

  it('keeps a tenant administrator to the own enterprise', async () => {
    const acme = await server.signedIn(ACME.username, ACME.password, 'en');
    const own = (await listDomains(acme)).reply.data.datas;
    expect(own.map((d) => d.name)).toEqual(['Acme']);
    const foreign = await testSms(domainId, PHONE, acme);
    expect(foreign.reply).toEqual({
      errcode: 1404,
      errmsg: 'The entry does not exist or is out of your reach.',
      data: null,
    });
    expect(gateway.received).toEqual([]);

    await updateDomain(admin, own[0].id, { name: 'Acme', smsMemberCode: 'ACME-1', smsMemberPwd: 'acme-pass' });
    const mine = await testSms(own[0].id, PHONE, acme);
    expect(mine.reply.data.type).toBe('success');
    expect(gateway.received[0].body).toMatchObject({ memberCode: 'ACME-1', password: 'acme-pass' });
  });

  it('needs a session', async () => {
    expect((await server.client().call('GET', `/authtime/domain/${domainId}/sms/${PHONE}`)).status).toBe(401);
  });
});

describe('test SMS through the default logging provider', () => {
  it('answers success with a localized message and sends nothing anywhere', async () => {
    const [target] = targets;
    const server = await startTestServer(target);
    try {
      const admin = await server.signedIn(ADMIN.username, ADMIN.password, 'zh');
      const { reply: created } = await createDomain(admin, {
        name: uniqueName('Log'),
        smsMemberCode: 'L1',
        smsMemberPwd: 'x',
      });
      const { reply } = await admin.call<Answer>('GET', `/authtime/domain/${created.data.id}/sms/${PHONE}`);
      expect(reply).toEqual({ errcode: 0, errmsg: 'ok', data: { type: 'success', message: '测试短信发送成功' } });
    } finally {
      await server.close();
    }
  });
});
