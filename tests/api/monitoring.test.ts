// System monitoring (docs/adr/0059-system-monitoring.md) on both databases: the online users are the live console sessions
// (filtered by enterprise, the caller's own marked), forcing one offline ends it at once (its next call
// answers 401) and the caller's own is refused; the server charts read each instance's samples, at most
// 101, averaged over the range, from any instance. Only the platform's administrators may call them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
type Online = { id: string; name: string; loginNo: string; loginTime: string; lastSeen: string; current: boolean };
type OnlinePage = { datas: Online[]; rowCount: number; onlineCount: number };
type Sample = {
  time: string;
  at: string;
  cpuLoad: number;
  threadNum: number;
  heapSizeUsed: number;
  nonHeapSizeUsed: number;
  totalMemorySize: number;
};
type History = { instance: string; instances: Array<{ id: string; current?: boolean }>; samples: Sample[] };

describe.each(targets)('system monitoring on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acmeId: string;
  const onlines = (client: ApiClient, query: Record<string, string | number> = {}) =>
    client.call<OnlinePage>('GET', '/authtime/onlines', { query });

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    acmeId = (await server.db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => server?.close());

  it("lists the live sessions, the caller's own marked, filtered by enterprise, with the count of users online", async () => {
    const acme = await server.signedIn(ACME.username, ACME.password, 'en');
    await server.signedIn(ACME.username, ACME.password, 'en'); // a second session of the same user
    const all = (await onlines(admin)).reply.data;
    const own = all.datas.filter((row) => row.current);
    expect(own.map((row) => row.loginNo)).toEqual(['admin']);
    expect(all.datas.filter((row) => row.loginNo === 'acme')).toHaveLength(2);
    expect(all.rowCount).toBe(all.datas.length);
    expect(all.onlineCount).toBe(new Set(all.datas.map((row) => row.loginNo)).size);
    expect(all.datas[0].loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Acme's filter: its administrator's sessions, not the super administrator's (no enterprise).
    const ofAcme = (await onlines(admin, { domainid: acmeId })).reply.data;
    expect(new Set(ofAcme.datas.map((row) => row.loginNo))).toEqual(new Set(['acme']));
    expect(ofAcme).toMatchObject({ rowCount: 2, onlineCount: 1 });
    // An expired session is not online.
    await server.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', ofAcme.datas[0].id)
      .execute();
    expect((await onlines(admin, { domainid: acmeId })).reply.data.rowCount).toBe(1);
    // Paging.
    const first = (await onlines(admin, { currpage: 1, pagelines: 1 })).reply.data;
    expect(first.datas).toHaveLength(1);
    expect(first.rowCount).toBe(all.rowCount - 1);
    expect((await onlines(acme)).reply.errcode).toBe(1403);
  });

  it('forces a session offline: its next call answers 401; its own session and an ended one are refused, changing nothing', async () => {
    const globex = await server.signedIn(GLOBEX.username, GLOBEX.password, 'en');
    expect((await globex.call('GET', '/authtime/myprofile')).status).toBe(200);
    const rows = (await onlines(admin)).reply.data.datas;
    const target = rows.find((row) => row.loginNo === 'globex')!;
    const ended = await admin.call<{ ended: number; message: string }>(
      'DELETE',
      `/authtime/onlines/${encodeURIComponent(target.id)}`,
    );
    expect(ended.reply).toMatchObject({
      errcode: 0,
      data: { ended: 1, message: 'The session is offline: its user is signed out.' },
    });
    expect((await globex.call('GET', '/authtime/myprofile')).status).toBe(401);
    const again = await admin.call('DELETE', `/authtime/onlines/${encodeURIComponent(target.id)}`);
    expect(again.reply).toMatchObject({ errcode: 1404, errmsg: 'That session has already ended.' });
    const own = rows.find((row) => row.current)!;
    const refused = await admin.call('DELETE', `/authtime/onlines/${encodeURIComponent(own.id)}`);
    expect(refused.reply).toMatchObject({ errcode: 1009, errmsg: 'This is your own session: sign out instead.' });
    expect((await admin.call('GET', '/authtime/myprofile')).status).toBe(200);
    // A tenant administrator cannot end anyone's session.
    const acme = await server.signedIn(ACME.username, ACME.password, 'en');
    expect((await acme.call('DELETE', `/authtime/onlines/${encodeURIComponent(own.id)}`)).reply.errcode).toBe(1403);
    expect((await admin.call('GET', '/authtime/myprofile')).status).toBe(200);
  });

  it('answers the newest sample (taken now when there is none) and a range of at most 101 points, averaged', async () => {
    const sample = (await admin.call<Sample>('GET', '/authtime/system/monitor/time')).reply.data;
    expect(sample.cpuLoad).toBeGreaterThanOrEqual(0);
    expect(sample.cpuLoad).toBeLessThanOrEqual(100);
    expect(sample.heapSizeUsed).toBeGreaterThan(0);
    expect(sample.totalMemorySize).toBeGreaterThan(sample.heapSizeUsed);
    expect(sample.threadNum).toBeGreaterThan(1); // Linux: V8's and libuv's threads at least
    expect(sample.time).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    const recent = (await admin.call<History>('GET', '/authtime/systemMonitor')).reply.data;
    expect(recent.samples.at(-1)).toEqual(sample);
    expect(recent.instances.find((i) => i.current)?.id).toBe(recent.instance);

    // Another instance's day: a sample every 5 s for 30 minutes, cpu rising 0, 1, 2…
    const other = `elsewhere#${target.name}`;
    const now = Date.now();
    const rows = Array.from({ length: 360 }, (_, i) => ({
      instance: other,
      at: new Date(now - (360 - i) * 5000),
      cpu_load: i % 100,
      thread_num: 10,
      heap_used: 50,
      non_heap_used: 5,
      rss: 200,
    }));
    await server.db.insertInto('server_samples').values(rows).execute();
    const ranged = (
      await admin.call<History>('GET', '/authtime/systemMonitor', { query: { time: 30, instance: other } })
    ).reply.data;
    expect(ranged.instance).toBe(other);
    expect(ranged.instances.map((i) => i.id)).toContain(other);
    expect(ranged.samples.length).toBeLessThanOrEqual(101);
    expect(ranged.samples.length).toBeGreaterThan(90);
    expect(ranged.samples.every((s) => s.threadNum === 10 && s.totalMemorySize === 200)).toBe(true);
    // 18-second intervals of 3 or 4 samples each: averages of consecutive whole numbers, some halves.
    expect(ranged.samples.some((s) => !Number.isInteger(s.cpuLoad))).toBe(true);
    const times = ranged.samples.map((s) => s.at);
    expect([...times].sort()).toEqual(times);
    const five = (await admin.call<History>('GET', '/authtime/systemMonitor', { query: { time: 5, instance: other } }))
      .reply.data;
    expect(five.samples.length).toBeGreaterThanOrEqual(58); // 5 minutes of 5-second samples, one per point
    expect(five.samples.length).toBeLessThanOrEqual(61);
    expect(
      (await admin.call<Sample>('GET', '/authtime/system/monitor/time', { query: { instance: other } })).reply.data
        .cpuLoad,
    ).toBe(359 % 100);
    // An instance with no samples is not found, and nothing is made up for it.
    const unknown = await admin.call('GET', '/authtime/systemMonitor', { query: { instance: 'nowhere#1' } });
    expect(unknown.reply).toMatchObject({
      errcode: 1404,
      errmsg: 'That server instance has no samples in the last day.',
    });
    expect(
      (await admin.call('GET', '/authtime/system/monitor/time', { query: { instance: 'nowhere#1' } })).reply.errcode,
    ).toBe(1404);
  });

  it("draws a second instance's samples from the first: both sample into the same database", async () => {
    const second = await server.secondInstance();
    const remote = await second.signedIn(ADMIN.username, ADMIN.password, 'en');
    const its = (await remote.call<History>('GET', '/authtime/systemMonitor')).reply.data.instance;
    await remote.call<Sample>('GET', '/authtime/system/monitor/time');
    const seen = (await admin.call<History>('GET', '/authtime/systemMonitor', { query: { instance: its } })).reply.data;
    expect(seen.instance).toBe(its);
    expect(seen.instance).not.toBe((await admin.call<History>('GET', '/authtime/systemMonitor')).reply.data.instance);
    expect(seen.samples.length).toBeGreaterThan(0);
  });
});
