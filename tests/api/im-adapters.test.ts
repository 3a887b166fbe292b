// The three messaging adapters (docs/adr/0061-messaging-suites.md) against local servers speaking the same protocols: read the
// tree and the users (with paging), write departments and users, a token kept until it expires and
// fetched again once when the service says it expired, throttling waited out a bounded number of
// times, and one refused entry failing alone with the service's own message.
import { afterEach, describe, expect, it } from 'vitest';
import { DingdingDirectory } from '../../src/server/integrations/dingding/dingding-directory.ts';
import { FeishuDirectory } from '../../src/server/integrations/feishu/feishu-directory.ts';
import { collect, ServiceFailure } from '../../src/server/integrations/im/token-client.ts';
import type { ServiceDirectory } from '../../src/server/integrations/im/service-directory.ts';
import { WechatDirectory } from '../../src/server/integrations/wechat/wechat-directory.ts';
import type { SourceUser } from '../../src/server/sync/source.ts';
import { startFakeDingding } from '../support/fake-dingding.ts';
import type { FakeImState } from '../support/fake-im-server.ts';
import { startFakeFeishu } from '../support/fake-feishu.ts';
import { startFakeWechat } from '../support/fake-wechat.ts';

const fast = { backoffMs: () => 5, retries: 3 };

interface Case {
  name: string;
  root: string;
  start(): Promise<FakeImState>;
  adapter(url: string, secret?: string): ServiceDirectory;
}

const cases: Case[] = [
  {
    name: 'wechat',
    root: '1',
    start: () => startFakeWechat({ corpId: 'ww-corp', corpSecret: 's3cret' }),
    adapter: (url, secret = 's3cret') =>
      new WechatDirectory({ apiUrl: url, corpId: 'ww-corp', corpSecret: secret }, fast),
  },
  {
    name: 'dingding',
    root: '1',
    start: () => startFakeDingding({ appKey: 'ding-key', appSecret: 's3cret' }),
    adapter: (url, secret = 's3cret') =>
      new DingdingDirectory({ apiUrl: url, appKey: 'ding-key', appSecret: secret }, fast),
  },
  {
    name: 'feishu',
    root: '0',
    start: () => startFakeFeishu({ appKey: 'cli_app', appSecret: 's3cret' }),
    adapter: (url, secret = 's3cret') =>
      new FeishuDirectory({ apiUrl: url, appKey: 'cli_app', appSecret: secret }, fast),
  },
];

const user = (loginNumber: string, departments: string[], extra: Partial<SourceUser> = {}): SourceUser => ({
  externalId: loginNumber,
  loginNumber,
  name: `User ${loginNumber}`,
  departmentExternalIds: departments,
  active: true,
  ...extra,
});

describe.each(cases)('$name adapter', (c) => {
  let fake: FakeImState;
  afterEach(async () => fake?.close());

  it('verifies the credentials at the token endpoint and refuses wrong ones with the service message', async () => {
    fake = await c.start();
    await expect(c.adapter(fake.url).verify()).resolves.toBeUndefined();
    const refused = await c
      .adapter(fake.url, 'wrong')
      .verify()
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ServiceFailure);
    expect((refused as ServiceFailure).code).not.toBe(0);
    expect((refused as ServiceFailure).message.length).toBeGreaterThan(0);
  });

  it('writes a tree and its users, then reads them back (paged), updating what exists', async () => {
    fake = await c.start();
    const target = c.adapter(fake.url);
    const sales = await target.upsertDepartment({ externalId: 'local-sales', parentExternalId: null, name: 'Sales' });
    const east = await target.upsertDepartment({
      externalId: 'local-east',
      parentExternalId: sales,
      name: 'Sales East',
    });
    expect(fake.departments.get(east)?.parentId).toBe(sales);
    // 110 users in one department: more than one page of DingTalk (100) and Feishu (50).
    for (let i = 0; i < 120; i += 1)
      await target.upsertUser(user(`u${i}`, [i < 110 ? sales : east], { email: `u${i}@example.com` }));
    expect(fake.users.size).toBe(120);
    await target.upsertUser(user('u1', [sales], { name: 'Renamed' }));
    expect(fake.users.get('u1')).toMatchObject({ name: 'Renamed', departments: [sales] });
    expect(await target.upsertDepartment({ externalId: sales, parentExternalId: null, name: 'Sales & Co' })).toBe(
      sales,
    );
    expect(fake.departments.get(sales)?.name).toBe('Sales & Co');

    const source = c.adapter(fake.url);
    const departments = await collect(source.departments());
    expect(departments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ externalId: sales, name: 'Sales & Co' }),
        expect.objectContaining({ externalId: east, parentExternalId: sales }),
      ]),
    );
    const users = await collect(source.users());
    expect(users).toHaveLength(120);
    expect(users.find((u) => u.loginNumber === 'u1')).toMatchObject({
      name: 'Renamed',
      departmentExternalIds: [sales],
      active: true,
      email: 'u1@example.com',
    });
    expect(fake.tokensIssued).toBe(2); // one per adapter: the token is kept between calls
  });

  it('fetches the token again once when the service says it expired', async () => {
    fake = await c.start();
    const adapter = c.adapter(fake.url);
    await collect(adapter.departments());
    fake.expireTokens();
    await expect(collect(adapter.departments())).resolves.toBeTruthy();
    expect(fake.tokensIssued).toBe(2);
    expect(adapter.client.stats.tokens).toBe(2);
  });

  it('waits out throttling a bounded number of times, then fails with the service code', async () => {
    fake = await c.start();
    const adapter = c.adapter(fake.url);
    fake.throttle(2);
    await expect(collect(adapter.departments())).resolves.toBeTruthy();
    expect(adapter.client.stats.retries).toBe(2);
    fake.throttle(10);
    const failure = await collect(adapter.departments()).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ServiceFailure);
    expect([45009, 90018, 99991400]).toContain((failure as ServiceFailure).code);
    expect(adapter.client.stats.retries).toBe(2 + 3);
  });

  it('a refused user fails alone with the service message; the others are written', async () => {
    fake = await c.start();
    const adapter = c.adapter(fake.url);
    fake.rejected.add('bad');
    const results = await Promise.allSettled(['a', 'bad', 'b'].map((id) => adapter.upsertUser(user(id, [c.root]))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const reason = (results[1] as PromiseRejectedResult).reason as ServiceFailure;
    expect(reason).toBeInstanceOf(ServiceFailure);
    expect(reason.message).toMatch(/bad|mobile/);
    expect([...fake.users.keys()].sort()).toEqual(['a', 'b']);
  });

  it('marks a user left (disabled, never deleted) where the service can', async () => {
    fake = await c.start();
    const adapter = c.adapter(fake.url);
    await adapter.upsertUser(user('leaver', [c.root]));
    if (c.name === 'dingding') {
      await expect(adapter.disableUser('leaver')).rejects.toThrow(/no call that disables/);
      expect(fake.users.get('leaver')?.enabled).toBe(true);
      return;
    }
    await adapter.disableUser('leaver');
    expect(fake.users.get('leaver')?.enabled).toBe(false);
    const read = (await collect(c.adapter(fake.url).users())).find((u) => u.loginNumber === 'leaver');
    expect(read?.active).toBe(false);
  });
});
