// What the platform says about itself (catalogue, labels, global settings, OpenAPI), the static files,
// and the answers to unknown paths and unexpected failures.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../src/core/catalogue/openapi.ts';
import type { ConsoleCatalogue } from '../../src/core/catalogue/types.ts';
import { uploadsDir } from '../../src/server/services.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { replyProblems } from './helpers/reply-schemas.ts';

const targets = await databaseTargets();

describe.each(targets)('meta and static on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(() => server?.close());

  it('answers the health check without a session', async () => {
    const { status, reply } = await server.client().call('GET', '/authtime/health');
    expect(status).toBe(200);
    expect(reply).toEqual({ errcode: 0, errmsg: 'ok', data: { status: 'ok' } });
    expect(replyProblems(server.catalogue, 'meta.health', reply.data)).toEqual([]);
  });

  it('serves the console catalogue: no origins, calls reduced to id, method, path and query names', async () => {
    const { reply } = await server.client().call<ConsoleCatalogue>('GET', '/authtime/catalogue');
    expect(reply.errcode).toBe(0);
    expect(Object.keys(reply.data).sort()).toEqual(['calls', 'entities', 'routes', 'screens', 'version']);
    expect(reply.data.calls['domains.update']).toEqual({
      id: 'domains.update',
      method: 'PUT',
      path: '/authtime/domain/{id}',
    });
    expect(reply.data.calls['domains.list'].queryNames).toEqual(expect.arrayContaining(['currpage', 'pagelines']));
    expect(reply.data.screens['domain.list']).toMatchObject({ kind: 'list', source: 'domains.list' });
    expect(JSON.stringify(reply.data)).not.toContain('"origin"');
    expect(reply.data.routes.find((r) => r.path === '/home')).toMatchObject({ screen: 'home', auth: true });
  });

  it('serves the labels of each language and refuses other languages', async () => {
    for (const lang of ['en', 'zh', 'cn']) {
      const { reply } = await server.client().call<Record<string, string>>('GET', `/authtime/locales/${lang}`);
      expect(reply.data).toEqual(server.catalogue.labels[lang]);
      expect(replyProblems(server.catalogue, 'meta.locale', reply.data)).toEqual([]);
    }
    expect((await server.client('en').call('GET', '/authtime/locales/fr')).reply.errcode).toBe(1404);
  });

  it('serves the global configuration with the TK_ title the console strips', async () => {
    const { reply } = await server.client().call('GET', '/authtime/globalconfig');
    expect(reply.data).toEqual({
      title: 'TK_Atrium',
      copyright: '© 2026 Atrium',
      language: 'zh',
      captcha: false,
      passwordMinLength: 6,
    });
    expect(replyProblems(server.catalogue, 'meta.globalconfig', reply.data)).toEqual([]);
  });

  it("serves the OpenAPI document of the catalogue, not wrapped in the envelope, its own texts in the request's language", async () => {
    const response = await fetch(new URL('/authtime/openapi.json', server.url));
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = await response.json();
    // No language cookie: the stored language (zh, docs/adr/0006-request-language.md).
    expect(document).toEqual(JSON.parse(JSON.stringify(buildOpenApi(server.catalogue, 'zh'))));
    expect(document.paths['/authtime/domains'].post.operationId).toBe('domains.list');
    expect(document.info.title).toBe('Atrium 平台 API');
    expect(document.tags).toContainEqual({ name: 'domains', description: '企业' });
    expect(document.paths['/authtime/domains'].post.responses['401'].description).toBe('未登录。');
    expect(document.paths['/authtime/domains'].post.summary).toBe('分页列出按名称、管理员账号和扩展字段筛选的企业。');
    const english = await (
      await fetch(new URL('/authtime/openapi.json', server.url), { headers: { cookie: 'atrium_lang=en' } })
    ).json();
    expect(english).toEqual(JSON.parse(JSON.stringify(buildOpenApi(server.catalogue))));
    expect(english.tags).toContainEqual({ name: 'runtime', description: 'Workflow runtime: the front-end API' });
    expect(english.paths['/authtime/domains'].post.summary).toBe(
      'One page of enterprises matching name, administrator username and extension fields.',
    );
    const traditional = await (
      await fetch(new URL('/authtime/openapi.json', server.url), { headers: { cookie: 'atrium_lang=cn' } })
    ).json();
    expect(traditional.tags).toContainEqual({ name: 'users', description: '使用者' });
    // Every area has its tag and every call its summary, in every language (no key shown instead of a
    // text, docs/adr/0074-call-summaries-in-locales.md); the paths are the same.
    for (const doc of [document, english, traditional]) {
      const areas = new Set(Object.values(server.catalogue.calls).map((c) => c.id.split('.')[0]));
      expect(new Set(doc.tags.map((tag: { name: string }) => tag.name))).toEqual(areas);
      expect(doc.tags.every((tag: { description: string }) => !tag.description.startsWith('apiDocs.'))).toBe(true);
      const operations = Object.values(doc.paths as Record<string, Record<string, { summary: string }>>).flatMap(
        (path) => Object.values(path),
      );
      expect(operations.filter((op) => op.summary.startsWith('apiDocs.'))).toEqual([]);
    }
    expect(Object.keys(traditional.paths)).toEqual(Object.keys(english.paths));
  });

  it('serves uploads, and a page saying how to build the console when it is not built', async () => {
    // A login background stored before files had owners is public; other files there are the platform's.
    const dir = join(uploadsDir(server), '2026', 'image', 'background');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'note.txt'), 'hello');
    writeFileSync(join(uploadsDir(server), '2026', 'note.txt'), 'private');
    const file = await fetch(new URL('/uploads/2026/image/background/note.txt', server.url));
    expect(await file.text()).toBe('hello');
    expect((await fetch(new URL('/uploads/2026/note.txt', server.url))).status).toBe(401);
    const escape = await fetch(new URL('/uploads/..%2f..%2fetc/passwd', server.url));
    expect(escape.status).toBeGreaterThanOrEqual(400);
    const home = await fetch(new URL('/', server.url));
    expect(home.headers.get('content-type')).toMatch(/text\/html/);
    expect(await home.text()).toContain('npm run build');
  });

  it('answers unknown paths with a 404 envelope', async () => {
    const { status, reply } = await server.client('en').call('GET', '/authtime/no-such-call');
    expect(status).toBe(404);
    expect(reply).toEqual({ errcode: 1404, errmsg: 'The entry does not exist or is out of your reach.', data: null });
  });

  it('answers malformed JSON as a refused request, without internals', async () => {
    const admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    const response = await admin.raw('POST', '/authtime/domain', {
      headers: { 'content-type': 'application/json' },
      body: undefined,
    });
    expect((await response.json()).errcode).toBe(1001); // empty body: the name is missing
    const broken = await fetch(new URL('/authtime/login', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'atrium_lang=en' },
      body: '{"username":',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ errcode: 1001, errmsg: 'The input is not valid.', data: null });
  });
  it("answers in the browser's language when the caller chose none: cookie, then Accept-Language, then the platform's", async () => {
    const errmsg = async (headers: Record<string, string>) => {
      const response = await fetch(new URL('/authtime/login', server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{"username":',
      });
      return ((await response.json()) as { errmsg: string }).errmsg;
    };
    const english = 'The input is not valid.';
    const labels = await Promise.all(
      ['zh', 'cn'].map(
        async (lang) =>
          (
            (await (await fetch(new URL(`/authtime/locales/${lang}`, server.url))).json()) as {
              data: Record<string, string>;
            }
          ).data,
      ),
    );
    const [simplified, traditional] = labels.map((l) => l['error.validation']);
    expect(simplified).toBeTruthy();
    expect(await errmsg({ 'accept-language': 'en-US,en;q=0.9,zh-CN;q=0.8' })).toBe(english);
    expect(await errmsg({ 'accept-language': 'zh-TW,zh;q=0.9' })).toBe(traditional);
    expect(await errmsg({ 'accept-language': 'fr-FR, en;q=0.5, zh;q=0.7' })).toBe(simplified);
    expect(await errmsg({ 'accept-language': 'en', cookie: 'atrium_lang=cn' })).toBe(traditional); // a choice wins
    expect(await errmsg({ 'accept-language': 'fr, de;q=0.8' })).toBe(simplified); // none spoken: the platform's (zh)
    expect(await errmsg({})).toBe(simplified);
  });
});
