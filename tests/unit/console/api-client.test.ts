// The API client: URLs from the catalogue's call paths under the context path, the CSRF header on
// writes, the envelope unwrapped, ApiError on errcode ≠ 0, and HTTP 401 handed to the login hook.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/console/api/ApiError.ts';
import { callAny, callUrl, configureClient, onDataChanged, setCallRoutes } from '../../../src/console/api/client.ts';

type Sent = { url: string; init: RequestInit };
let sent: Sent[];
let answer: () => Response;
const hooks = { onUnauthenticated: vi.fn(), onError: vi.fn() };

beforeEach(() => {
  sent = [];
  vi.stubGlobal('window', { location: { href: 'http://console.test/ctx/index.html#/main' } });
  vi.stubGlobal('document', { cookie: 'atrium_lang=en; atrium_csrf=tok%201' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return answer();
  });
  hooks.onUnauthenticated.mockReset();
  hooks.onError.mockReset();
  configureClient(hooks);
  setCallRoutes({
    'gadgets.get': { method: 'GET', path: '/authtime/gadget/{id}' },
    'gadgets.delete': { method: 'DELETE', path: '/authtime/gadget' },
    'uploads.upload': { method: 'POST', path: '/authtime/uploads' },
  });
});
afterEach(() => vi.unstubAllGlobals());

const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('callUrl', () => {
  it('fills path parameters and the query, relative to the context path', () => {
    expect(callUrl('gadgets.get', { id: 'a/b' }, { currpage: 2, empty: '', none: undefined })).toBe(
      '/ctx/authtime/gadget/a%2Fb?currpage=2',
    );
    // The console's own calls are built in, next to what the catalogue gave.
    expect(callUrl('meta.locale', { lang: 'zh' })).toBe('/ctx/authtime/locales/zh');
  });

  it('knows other calls only from the catalogue, so the first load does not carry them', () => {
    expect(() => callUrl('domains.list')).toThrow('unknown API call "domains.list"');
    setCallRoutes({ 'domains.list': { method: 'GET', path: '/authtime/domains' } });
    expect(callUrl('domains.list', {}, { currpage: 1, pagelines: 10 })).toBe(
      '/ctx/authtime/domains?currpage=1&pagelines=10',
    );
  });

  it('names the call and the missing parameter', () => {
    expect(() => callUrl('gadgets.get')).toThrow('API call "gadgets.get" needs the path parameter "id"');
    expect(() => callUrl('nope.nothing')).toThrow('unknown API call "nope.nothing"');
  });
});

describe('callAny', () => {
  it('tells of a change after a call with effects, but never after a reading of the data layer', async () => {
    const told: string[] = [];
    const stop = onDataChanged((id) => told.push(id));
    answer = json({ errcode: 0, errmsg: 'ok', data: { deleted: 1 } });
    await callAny('gadgets.delete', { body: ['g1'] });
    await callAny('gadgets.delete', { body: ['g1'], read: true });
    await callAny('gadgets.get', { params: { id: 'g1' } });
    stop();
    expect(told).toEqual(['gadgets.delete']);
  });

  it('returns data of a successful envelope; GET carries no CSRF header', async () => {
    answer = json({ errcode: 0, errmsg: 'ok', data: { id: 'g1' } });
    await expect(callAny('gadgets.get', { params: { id: 'g1' } })).resolves.toEqual({ id: 'g1' });
    expect(sent[0].init).toMatchObject({ method: 'GET', credentials: 'include' });
    expect((sent[0].init.headers as Record<string, string>)['x-csrf-token']).toBeUndefined();
  });

  it('sends the CSRF cookie value and a JSON body on writes', async () => {
    answer = json({ errcode: 0, errmsg: 'ok', data: { deleted: 2 } });
    await callAny('gadgets.delete', { body: ['a', 'b'] });
    expect(sent[0].init.method).toBe('DELETE');
    expect(sent[0].init.headers).toMatchObject({ 'x-csrf-token': 'tok 1', 'content-type': 'application/json' });
    expect(sent[0].init.body).toBe('["a","b"]');
  });

  it('sends a multipart form as is, leaving its content type (with the boundary) to fetch', async () => {
    answer = json({ errcode: 0, errmsg: 'ok', data: [{ filePath: '/uploads/x.png' }] });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.png');
    await expect(callAny('uploads.upload', { query: { icon: true }, form })).resolves.toEqual([
      { filePath: '/uploads/x.png' },
    ]);
    expect(sent[0].url).toBe('/ctx/authtime/uploads?icon=true');
    expect(sent[0].init.body).toBe(form);
    expect(sent[0].init.headers).toMatchObject({ 'x-csrf-token': 'tok 1' });
    expect((sent[0].init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('throws ApiError with errcode, errmsg and field errors, and reports it unless silent', async () => {
    answer = json({
      errcode: 1001,
      errmsg: 'The input is not valid.',
      data: { errors: [{ field: '/name', message: 'too long' }] },
    });
    const error = await callAny('gadgets.delete', { body: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      errcode: 1001,
      errmsg: 'The input is not valid.',
      fieldErrors: [{ field: '/name', message: 'too long' }],
    });
    expect(hooks.onError).toHaveBeenCalledTimes(1);
    await callAny('gadgets.delete', { body: [], silent: true }).catch(() => undefined);
    expect(hooks.onError).toHaveBeenCalledTimes(1);
  });

  it('sends HTTP 401 to the login hook without an error toast', async () => {
    answer = json({ errcode: 401, errmsg: 'Please sign in.', data: null }, 401);
    await expect(callAny('gadgets.get', { params: { id: 'x' } })).rejects.toMatchObject({ status: 401 });
    expect(hooks.onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(hooks.onError).not.toHaveBeenCalled();
  });

  it('turns an unreachable server into a network ApiError', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await callAny('gadgets.get', { params: { id: 'x' } }).catch((e: unknown) => e)) as ApiError;
    expect(error.isNetwork).toBe(true);
    expect(hooks.onError).toHaveBeenCalledWith(error);
  });
});
