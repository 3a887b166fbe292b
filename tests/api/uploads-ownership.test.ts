// Uploads belong to an enterprise or to the platform (docs/adr/0022-uploads-belong-to-owner.md): who may store, list,
// fetch and delete which files, tried with the demo logins at real targets of two tenants, both databases.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeConfig } from '../../src/server/db/config-store.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';
import { idsByName } from './helpers/superuser-calls.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { uploadForm } from './helpers/upload-calls.ts';

const targets = await databaseTargets();
const LOGINS = {
  sales: 'Sales@2026',
  dev: 'Dev@2026',
  sysadmin: 'Sysadmin@2026',
  secadmin: 'Secadmin@2026',
  auditor: 'Auditor@2026',
};
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
const XLSX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(32, 4)]);
const year = new Date().getFullYear();
const NAME_DOMAIN = 'Name the enterprise these files belong to; only platform administrators keep platform files.';
const NOT_GOVERNED = 'Only an administrator of the whole enterprise may upload or list its files.';

type Stored = Array<{ filePath: string }>;

describe.each(targets)('upload ownership on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acme: ApiClient;
  let globex: ApiClient;
  let as: Record<keyof typeof LOGINS, ApiClient>;
  let acmeId: string;
  let globexId: string;
  const upload = (client: ApiClient, query: Record<string, string>, name: string, bytes: Buffer) =>
    client.call<Stored>('POST', '/authtime/uploads', { query, form: uploadForm([name, bytes]) });
  const list = (client: ApiClient, query: Record<string, string>) =>
    client.call<Array<{ filePath: string }>>('GET', '/authtime/uploads', { query });
  const status = async (client: ApiClient, path: string) => (await client.raw('GET', path)).status;
  const filesUnder = (...parts: string[]) => server.uploadedFiles(...parts);

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    acme = await server.signedIn(ACME.username, ACME.password, 'en');
    globex = await server.signedIn(GLOBEX.username, GLOBEX.password, 'en');
    const entries = await Promise.all(
      Object.entries(LOGINS).map(
        async ([login, password]) => [login, await server.signedIn(login, password, 'en')] as const,
      ),
    );
    as = Object.fromEntries(entries) as typeof as;
    [acmeId, globexId] = await idsByName(server.db, 'domains', ['Acme', 'Globex']);
  });
  afterAll(() => server?.close());

  it("stores an enterprise's file under it, listed by who governs it and refused to everyone else", async () => {
    const stored = await upload(acme, { path: 'import', domainid: acmeId }, 'users.xlsx', XLSX);
    expect(stored.reply.errcode).toBe(0);
    const file = stored.reply.data[0].filePath;
    expect(file).toMatch(new RegExp(`^/uploads/domains/${acmeId}/${year}/import/[0-9a-f-]{36}\\.xlsx$`));
    for (const reader of [acme, admin])
      expect((await list(reader, { path: 'import', domainid: acmeId })).reply.data.map((f) => f.filePath)).toContain(
        file,
      );
    // Another tenant, the developer and (separation off) the officers do not reach Acme: 1404, as a missing one.
    for (const [who, client] of [
      ['globex', globex],
      ['dev', as.dev],
      ['secadmin', as.secadmin],
      ['auditor', as.auditor],
      ['sysadmin', as.sysadmin],
    ] as const) {
      expect((await list(client, { path: 'import', domainid: acmeId })).reply, who).toMatchObject({
        errcode: 1404,
        data: null,
      });
    }
    // Acme's Sales administrator sees the enterprise but governs none of it.
    expect((await list(as.sales, { path: 'import', domainid: acmeId })).reply).toEqual({
      errcode: 1403,
      errmsg: NOT_GOVERNED,
      data: null,
    });
    expect((await list(acme, { path: 'import', domainid: globexId })).reply.errcode).toBe(1404);
    expect((await list(admin, { path: 'import', domainid: 'no-such-enterprise' })).reply.errcode).toBe(1404);
  });

  it("refuses storing into another tenant, into an enterprise not governed, or a tenant's file as the platform's", async () => {
    const before = filesUnder('domains', acmeId, String(year), 'image');
    expect((await upload(globex, { path: 'image', domainid: acmeId }, 'x.png', PNG)).reply.errcode).toBe(1404);
    expect((await upload(as.dev, { path: 'image', domainid: acmeId }, 'x.png', PNG)).reply.errcode).toBe(1404);
    expect((await upload(as.sales, { path: 'image', domainid: acmeId }, 'x.png', PNG)).reply).toMatchObject({
      errcode: 1403,
      errmsg: NOT_GOVERNED,
    });
    expect((await upload(acme, { path: 'image' }, 'x.png', PNG)).reply).toEqual({
      errcode: 1403,
      errmsg: NAME_DOMAIN,
      data: null,
    });
    const zh = await upload(acme.withLanguage('zh'), { path: 'image' }, 'x.png', PNG);
    expect(zh.reply.errmsg).toBe('请指明文件所属的企业；只有平台管理员可以保存平台文件。');
    expect(filesUnder('domains', acmeId, String(year), 'image')).toEqual(before);
    expect(filesUnder('platform', String(year), 'image')).toEqual([]);
    expect(filesUnder(String(year))).toEqual([]); // nothing in the folders from before owners existed
  });

  it("keeps the platform's files (configuration imports) to platform callers", async () => {
    const stored = await upload(admin, { path: 'systemImport' }, 'config.json', Buffer.from('{"title":"x"}'));
    const file = stored.reply.data[0].filePath;
    expect(file).toMatch(new RegExp(`^/uploads/platform/${year}/systemImport/[0-9a-f-]{36}\\.json$`));
    expect((await list(admin, { path: 'systemImport' })).reply.data.map((f) => f.filePath)).toContain(file);
    for (const [who, client] of [
      ['acme', acme],
      ['globex', globex],
      ['sales', as.sales],
      ['dev', as.dev],
      ['secadmin', as.secadmin],
      ['auditor', as.auditor],
    ] as const) {
      expect((await list(client, { path: 'systemImport' })).reply, who).toEqual({
        errcode: 1403,
        errmsg: NAME_DOMAIN,
        data: null,
      });
    }
    // With separation on the built-in officers' reach is the platform: they read its files, a tenant still not.
    await writeConfig(server.db, { isOpenSecurity: true });
    try {
      for (const officer of [as.sysadmin, as.secadmin, as.auditor])
        expect((await list(officer, { path: 'systemImport' })).reply.data.map((f) => f.filePath)).toContain(file);
      expect((await list(acme, { path: 'systemImport' })).reply.errcode).toBe(1403);
    } finally {
      await writeConfig(server.db, { isOpenSecurity: false });
    }
  });

  it("serves an owned file only to who may read it; the login page's pictures to anyone", async () => {
    const acmeFile = (await upload(acme, { path: 'image', domainid: acmeId }, 'a.png', PNG)).reply.data[0].filePath;
    const platformFile = (await upload(admin, { path: 'import' }, 'p.xlsx', XLSX)).reply.data[0].filePath;
    const background = (await upload(admin, { path: 'image/background' }, 'bg.png', PNG)).reply.data[0].filePath;
    const icon = (await upload(acme, { icon: 'true' }, 'i.png', PNG)).reply.data[0].filePath;
    const anonymous = server.client('en');
    expect(await status(anonymous, acmeFile)).toBe(401);
    for (const client of [globex, as.sales, as.dev, as.secadmin, as.auditor])
      expect(await status(client, acmeFile)).toBe(404);
    for (const client of [acme, admin]) expect(await status(client, acmeFile)).toBe(200);
    expect(await status(anonymous, platformFile)).toBe(401);
    for (const client of [acme, globex, as.dev]) expect(await status(client, platformFile)).toBe(404);
    expect(await status(admin, platformFile)).toBe(200);
    // The icon library (logos) and the platform's login backgrounds are shown before anyone signs in.
    for (const path of [
      icon,
      background,
      '/uploads/lib/icon/demo/acme.svg',
      '/uploads/lib/icon/system/agriculture.svg',
    ])
      expect(await status(anonymous, path), path).toBe(200);
    // A name that is no file of ours is 404 to everyone, also anonymous.
    expect(await status(anonymous, `/uploads/domains/${acmeId}`)).toBe(404);
    expect(await status(anonymous, '/uploads/secrets.txt')).toBe(404);
  });

  it('keeps serving files stored before owners existed: login backgrounds to anyone, the rest to the platform', async () => {
    const dir = join(server.dataDir, 'uploads', '2025');
    mkdirSync(join(dir, 'image', 'background'), { recursive: true });
    mkdirSync(join(dir, 'import'), { recursive: true });
    writeFileSync(join(dir, 'image', 'background', 'old.png'), PNG);
    writeFileSync(join(dir, 'import', 'old.xlsx'), XLSX);
    const anonymous = server.client('en');
    expect(await status(anonymous, '/uploads/2025/image/background/old.png')).toBe(200);
    expect(await status(anonymous, '/uploads/2025/import/old.xlsx')).toBe(401);
    expect(await status(acme, '/uploads/2025/import/old.xlsx')).toBe(404);
    expect(await status(admin, '/uploads/2025/import/old.xlsx')).toBe(200);
    // …and the platform's listing of that year still shows them; no tenant's does.
    expect((await list(admin, { path: 'import', year: '2025' })).reply.data.map((f) => f.filePath)).toEqual([
      '/uploads/2025/import/old.xlsx',
    ]);
    expect((await list(acme, { path: 'import', year: '2025', domainid: acmeId })).reply.data).toEqual([]);
  });

  it('lets only administrators delete icons: not the developer, the security officer or the auditor', async () => {
    const icon = (await upload(acme, { icon: 'true' }, 'd.png', PNG)).reply.data[0].filePath;
    for (const [who, client] of [
      ['dev', as.dev],
      ['secadmin', as.secadmin],
      ['auditor', as.auditor],
    ] as const) {
      expect((await client.call('DELETE', '/authtime/icon', { body: [icon] })).reply.errcode, who).toBe(1403);
    }
    expect(await status(acme, icon)).toBe(200);
    expect((await acme.call('DELETE', '/authtime/icon', { body: [icon] })).reply).toMatchObject({
      errcode: 0,
      data: { deleted: 1 },
    });
    expect(await status(acme, icon)).toBe(404);
  });
});
