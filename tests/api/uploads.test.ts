// Uploads, the icon library and the skins over real HTTP on both databases: one file per request,
// types by name and content, size limit, folders, path traversal, and custom-icon deletion.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../src/core/catalogue/openapi.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { createDomain, uniqueName } from './helpers/domain-calls.ts';
import { replyProblems } from './helpers/reply-schemas.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { uploadForm } from './helpers/upload-calls.ts';

const targets = await databaseTargets();

// The first bytes of each accepted type, then filler: enough for the server's content check.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 3)]);
const XLSX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 4)]);
const XLS = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64, 5)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>');

const year = new Date().getFullYear();

type Uploaded = Array<{ filePath: string }>;

describe.each(targets)('uploads on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  const upload = (query: Record<string, string | number>, form: FormData, client = admin) =>
    client.call<Uploaded>('POST', '/authtime/uploads', { query, form });
  const filesUnder = (...parts: string[]) => server.uploadedFiles(...parts);

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
  });
  afterAll(() => server?.close());

  it('stores an icon under /uploads/lib/icon/upload and serves it back as inert data', async () => {
    const { reply } = await upload({ icon: 'true' }, uploadForm(['logo.png', PNG]));
    expect(reply.errcode).toBe(0);
    expect(replyProblems(server.catalogue, 'uploads.upload', reply.data)).toEqual([]);
    const [{ filePath }] = reply.data;
    expect(filePath).toMatch(/^\/uploads\/lib\/icon\/upload\/[0-9a-f-]{36}\.png$/);
    const served = await admin.raw('GET', filePath);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });

  it('accepts jpg, jpeg, png and gif in either case, stored with a lower-case extension', async () => {
    for (const [name, bytes, ext] of [
      ['PHOTO.JPG', JPEG, 'jpg'],
      ['a.Jpeg', JPEG, 'jpeg'],
      ['b.PNG', PNG, 'png'],
      ['c.gif', GIF, 'gif'],
    ] as const) {
      const { reply } = await upload({ icon: 'true' }, uploadForm([name, bytes]));
      expect(reply.errcode, name).toBe(0);
      expect(reply.data[0].filePath.endsWith(`.${ext}`), name).toBe(true);
    }
  });

  it("stores the platform's other uploads under /uploads/platform/{current year}/{path} and lists them", async () => {
    const picture = await upload({ path: 'image/background', icon: 'false' }, uploadForm(['bg.gif', GIF]));
    expect(picture.reply.data[0].filePath).toMatch(
      new RegExp(`^/uploads/platform/${year}/image/background/[0-9a-f-]{36}\\.gif$`),
    );
    const sheet = await upload({ path: 'import' }, uploadForm(['users.XLSX', XLSX]));
    const old = await upload({ path: 'depImport' }, uploadForm(['departments.xls', XLS]));
    expect(sheet.reply.data[0].filePath).toMatch(new RegExp(`^/uploads/platform/${year}/import/[0-9a-f-]{36}\\.xlsx$`));
    expect(old.reply.data[0].filePath).toMatch(new RegExp(`^/uploads/platform/${year}/depImport/[0-9a-f-]{36}\\.xls$`));

    const { reply } = await admin.call<Array<{ filePath: string; size: number }>>('GET', '/authtime/uploads', {
      query: { path: 'image/background' },
    });
    expect(replyProblems(server.catalogue, 'uploads.list', reply.data)).toEqual([]);
    expect(reply.data.map((f) => f.filePath)).toEqual([picture.reply.data[0].filePath]);
    expect(reply.data[0].size).toBe(GIF.length);
    expect(
      (await admin.call('GET', '/authtime/uploads', { query: { path: 'image/background', year: 2001 } })).reply.data,
    ).toEqual([]);
  });

  it('refuses a wrong type by name or by content with the message of its use, in two languages, storing nothing', async () => {
    const before = filesUnder('lib', 'icon', 'upload').length;
    const svg = await upload({ icon: 'true' }, uploadForm(['logo.svg', SVG]));
    expect(svg.reply).toEqual({
      errcode: 1001,
      errmsg: 'Only pictures of these types can be uploaded: jpg, jpeg, png, gif.',
      data: null,
    });
    const disguised = await upload({ icon: 'true' }, uploadForm(['logo.png', HTML]));
    expect(disguised.reply.errmsg).toBe('Only pictures of these types can be uploaded: jpg, jpeg, png, gif.');
    const zh = await upload({ icon: 'true' }, uploadForm(['logo.bmp', PNG]), admin.withLanguage('zh'));
    expect(zh.reply.errmsg).toBe('只能上传以下格式的图片：jpg, jpeg, png, gif！');
    const sheet = await upload({ path: 'import' }, uploadForm(['users.png', PNG]));
    expect(sheet.reply.errmsg).toBe('Only files of these types can be uploaded: xlsx, xls.');
    const cn = await upload({ path: 'import' }, uploadForm(['users.csv', XLSX]), admin.withLanguage('cn'));
    expect(cn.reply.errmsg).toBe('只能上傳以下格式的檔案：xlsx, xls！');
    expect(filesUnder('lib', 'icon', 'upload').length).toBe(before);
    expect(filesUnder('platform', String(year), 'import').filter((n) => n.startsWith('.'))).toEqual([]); // no partial file left
  });

  it('asks for a file when none is sent, whether the form is empty or the body is not multipart', async () => {
    const form = new FormData();
    form.append('note', 'no file here');
    expect((await upload({ icon: 'true' }, form)).reply).toEqual({
      errcode: 1001,
      errmsg: 'Please upload a file.',
      data: null,
    });
    const emptyPart = uploadForm(['', Buffer.alloc(0)]);
    expect((await upload({ icon: 'true' }, emptyPart)).reply.errmsg).toBe('Please upload a file.');
    const json = await admin.call('POST', '/authtime/uploads', { query: { icon: 'true' }, body: { file: 'x' } });
    expect(json.reply.errmsg).toBe('Please upload a file.');
    const zh = await upload({ icon: 'true' }, form, admin.withLanguage('zh'));
    expect(zh.reply.errmsg).toBe('请上传文件');
  });

  it('refuses a file over the limit of its use and keeps no part of it', async () => {
    const before = filesUnder('lib', 'icon', 'upload');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024, 7)]);
    const { reply } = await upload({ icon: 'true' }, uploadForm(['big.png', big]));
    expect(reply).toEqual({ errcode: 1001, errmsg: 'The file cannot be larger than 2 MB.', data: null });
    expect(filesUnder('lib', 'icon', 'upload')).toEqual(before);
    // The same bytes fit the 5 MB of a picture; a spreadsheet may have 10 MB, not more.
    expect((await upload({ path: 'image' }, uploadForm(['big.png', big]))).reply.errcode).toBe(0);
    const sheet = (megabytes: number) => Buffer.concat([XLSX, Buffer.alloc(megabytes * 1024 * 1024 - XLSX.length, 1)]);
    expect((await upload({ path: 'import' }, uploadForm(['users.xlsx', sheet(10)]))).reply.errcode).toBe(0);
    expect(
      (await upload({ path: 'import' }, uploadForm(['users.xlsx', Buffer.concat([sheet(10), Buffer.alloc(1)])]))).reply
        .errmsg,
    ).toBe('The file cannot be larger than 10 MB.');
  });

  it('leaves the uploads tree exactly as it was after any refusal, new folders included', async () => {
    const domainId = (await createDomain(admin, { name: uniqueName('Refusals') })).reply.data.id;
    const tree = () => readdirSync(join(server.dataDir, 'uploads'), { recursive: true }).map(String).sort();
    const before = tree();
    // Into the new enterprise's folders (none exist yet) and into the shared icon folder.
    const refusals: Array<[Record<string, string>, FormData]> = [
      [{ path: 'image', domainid: domainId }, uploadForm(['photo.png', HTML])],
      [{ path: 'image', domainid: domainId }, uploadForm(['photo.svg', SVG])],
      [
        { path: 'image', domainid: domainId },
        uploadForm(['big.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 7)])]),
      ],
      [{ path: 'import', domainid: domainId }, uploadForm(['users.xlsx', XLSX], ['more.xlsx', XLSX])],
      [{ path: 'import', domainid: domainId }, uploadForm(['users.xlsx', PNG])],
      [{ icon: 'true' }, uploadForm(['logo.png', HTML])],
    ];
    for (const [query, form] of refusals) {
      const { reply } = await upload(query, form);
      expect(reply.errcode, JSON.stringify(query)).toBe(1001);
      expect(tree(), JSON.stringify(query)).toEqual(before);
    }
    expect(existsSync(join(server.dataDir, 'uploads', 'domains', domainId))).toBe(false);
    // An accepted file still makes its folders.
    expect((await upload({ path: 'image', domainid: domainId }, uploadForm(['photo.png', PNG]))).reply.errcode).toBe(0);
    expect(filesUnder('domains', domainId, String(year), 'image')).toHaveLength(1);
  });

  it('takes one file per request', async () => {
    const before = filesUnder('lib', 'icon', 'upload');
    const { reply } = await upload({ icon: 'true' }, uploadForm(['a.png', PNG], ['b.png', PNG]));
    expect(reply).toMatchObject({ errcode: 1001, errmsg: 'Only one file can be uploaded at a time.' });
    expect(filesUnder('lib', 'icon', 'upload')).toEqual(before);
  });

  it('refuses path traversal and unknown uses, writing nothing outside the uploads', async () => {
    for (const path of [
      '../../outside',
      'image/../../outside',
      '/etc',
      'image//x',
      'image/.hidden',
      'secrets',
      'icon',
    ]) {
      const { reply } = await upload({ path }, uploadForm(['x.png', PNG]));
      expect(reply, path).toMatchObject({ errcode: 1001, errmsg: 'The upload path is not valid.' });
    }
    expect(existsSync(join(server.dataDir, 'outside'))).toBe(false);
    const listing = await admin.call('GET', '/authtime/uploads', { query: { path: '../..' } });
    expect(listing.reply.errmsg).toBe('The upload path is not valid.');
    const zh = await upload({ path: '../x' }, uploadForm(['x.png', PNG]), admin.withLanguage('zh'));
    expect(zh.reply.errmsg).toBe('上传路径无效');
    const escaped = await admin.raw('GET', '/uploads/..%2f..%2fpglite');
    expect(escaped.status).toBeGreaterThanOrEqual(400);
  });

  it('needs a session and the CSRF token', async () => {
    expect(
      (
        await server
          .client()
          .call('POST', '/authtime/uploads', { query: { icon: 'true' }, form: uploadForm(['a.png', PNG]) })
      ).status,
    ).toBe(401);
    const noCsrf = await admin.call('POST', '/authtime/uploads', {
      query: { icon: 'true' },
      form: uploadForm(['a.png', PNG]),
      withoutCsrf: true,
    });
    expect(noCsrf.status).toBe(403);
  });

  it('describes the upload as multipart in the OpenAPI document', () => {
    const doc = buildOpenApi(server.catalogue) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    expect(Object.keys(doc.paths['/authtime/uploads'].post.requestBody!.content)).toEqual(['multipart/form-data']);
  });
});

describe.each(targets)('the icon library on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  type Icon = { name: string; filePath: string; custom: boolean };
  const icons = (path?: string) => admin.call<Icon[]>('GET', '/authtime/icons', { query: path ? { path } : {} });
  const uploadIcon = async () =>
    (
      await admin.call<Uploaded>('POST', '/authtime/uploads', {
        query: { icon: 'true' },
        form: uploadForm(['i.png', PNG]),
      })
    ).reply.data[0].filePath;
  const deleteIcons = (paths: unknown, client = admin) =>
    client.call<{ deleted: number }>('DELETE', '/authtime/icon', { body: paths });

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
  });
  afterAll(() => server?.close());

  it('lists the built-in picture icons, served from /uploads/lib/icon/system', async () => {
    const { reply } = await icons('system');
    expect(replyProblems(server.catalogue, 'uploads.icons', reply.data)).toEqual([]);
    expect(reply.data.length).toBeGreaterThanOrEqual(20);
    expect(reply.data.every((i) => !i.custom && i.filePath.startsWith('/uploads/lib/icon/system/'))).toBe(true);
    const served = await admin.raw('GET', reply.data[0].filePath);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('lists custom icons newest first, and both sets without a path', async () => {
    const first = await uploadIcon();
    await new Promise((r) => setTimeout(r, 20));
    const second = await uploadIcon();
    const custom = (await icons('upload')).reply.data;
    expect(custom.map((i) => i.filePath).slice(0, 2)).toEqual([second, first]);
    expect(custom.every((i) => i.custom)).toBe(true);
    const all = (await icons()).reply.data;
    expect(all.filter((i) => i.custom).length).toBe(custom.length);
    expect(all.filter((i) => !i.custom).length).toBe((await icons('system')).reply.data.length);
  });

  it('deletes custom icons, all or nothing', async () => {
    const a = await uploadIcon();
    const b = await uploadIcon();
    const system = (await icons('system')).reply.data[0].filePath;
    const mixed = await deleteIcons([a, system]);
    expect(mixed.reply).toEqual({ errcode: 1001, errmsg: 'Only custom icons can be deleted.', data: null });
    expect((await admin.raw('GET', a)).status).toBe(200);
    const { reply } = await deleteIcons([a, b]);
    expect(reply).toEqual({ errcode: 0, errmsg: 'ok', data: { deleted: 2 } });
    expect(replyProblems(server.catalogue, 'uploads.deleteIcons', reply.data)).toEqual([]);
    expect((await icons('upload')).reply.data.map((i) => i.filePath)).not.toContain(a);
    expect((await admin.raw('GET', a)).status).toBe(404);
    expect((await admin.raw('GET', system)).status).toBe(200);
    expect((await deleteIcons([a])).reply.errcode).toBe(1404);
  });

  it('refuses anything outside the icon upload folder', async () => {
    const kept = await uploadIcon();
    const outside = [
      '/uploads/lib/icon/upload/../../../pglite/PG_VERSION',
      '/uploads/lib/icon/upload/',
      '/uploads/lib/icon/demo/acme.svg',
      `/uploads/${year}/import/x.xlsx`,
      '../../etc/passwd',
      `${kept}/..`,
    ];
    for (const path of outside)
      expect((await deleteIcons([path])).reply.errmsg, path).toBe('Only custom icons can be deleted.');
    const zh = await deleteIcons(['/etc/passwd'], admin.withLanguage('zh'));
    expect(zh.reply.errmsg).toBe('只能删除自定义图标');
    expect((await admin.raw('GET', kept)).status).toBe(200);
  });

  it('asks for a selection, and keeps an icon an enterprise uses as its logo', async () => {
    expect((await deleteIcons([])).reply).toMatchObject({ errcode: 1001, errmsg: 'Please select an icon.' });
    const logo = await uploadIcon();
    await createDomain(admin, { name: uniqueName('Logo'), logoUrl: logo });
    const refused = await deleteIcons([logo]);
    expect(refused.reply).toEqual({
      errcode: 1009,
      errmsg: 'An icon used as an enterprise logo cannot be deleted.',
      data: null,
    });
    expect((await admin.raw('GET', logo)).status).toBe(200);
  });

  it('lists the skins with names in the caller language', async () => {
    const { reply } = await admin.call<Array<{ id: string; name: string }>>('GET', '/authtime/skins');
    expect(replyProblems(server.catalogue, 'uploads.skins', reply.data)).toEqual([]);
    expect(reply.data.map((s) => s.id)).toEqual(['classic', 'jade', 'amber', 'graphite']);
    expect(reply.data[0].name).toBe('Classic blue');
    const zh = await admin.withLanguage('zh').call<Array<{ name: string }>>('GET', '/authtime/skins');
    expect(zh.reply.data[0].name).toBe('经典蓝');
  });

  it('reads the stored icon bytes back unchanged', async () => {
    const path = await uploadIcon();
    const disk = join(server.dataDir, path);
    expect(readFileSync(disk)).toEqual(PNG);
  });
});
