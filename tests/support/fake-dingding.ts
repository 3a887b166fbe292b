// A local DingTalk address book speaking oapi's protocol (src/server/integrations/dingding, docs/adr/0061-messaging-suites.md):
// gettoken checks appkey/appsecret; errcode 42001 for an expired token, 90018 while throttled, user
// lists paged by cursor (page size as asked, at most 100), and the test's refused users fail with 60104.
// Sign-in (docs/adr/0071-messaging-sign-in.md): login.dingtalk.com's /oauth2/auth (client_id one of the apps, back with authCode),
// api.dingtalk.com's v1.0/oauth2/userAccessToken and v1.0/contact/users/me (a unionId "union-<userid>"),
// and topapi/user/getbyunionid; gettoken also takes an app's own key and secret.
import {
  authorizeRedirect,
  nextNumericId,
  spendCode,
  startFakeIm,
  type Answer,
  type FakeImState,
  type FakeRequest,
} from './fake-im-server.ts';

const ok = (extra: Record<string, unknown> = {}): Answer => [
  200,
  { errcode: 0, errmsg: 'ok', request_id: 'fake', ...extra },
];
const fail = (errcode: number, errmsg: string): Answer => [200, { errcode, errmsg, request_id: 'fake' }];

const deptView = (state: FakeImState, id: string) => {
  const d = state.departments.get(id);
  return (
    d && { dept_id: Number(d.id), name: d.name, parent_id: d.parentId ? Number(d.parentId) : undefined, order: d.order }
  );
};

function user(r: FakeRequest, state: FakeImState, create: boolean): Answer {
  const b = r.body as { userid?: string; name?: string; dept_id_list?: string; email?: string; mobile?: string };
  const userid = String(b.userid ?? '');
  if (state.rejected.has(userid)) return fail(60104, `the mobile of ${userid} is already used in the organisation`);
  const existing = state.users.get(userid);
  if (create && existing) return fail(60102, 'userid already exists');
  if (!create && !existing) return fail(60121, 'user not found');
  if (!b.name && !existing) return fail(40001, 'name is required');
  const departments = b.dept_id_list ? b.dept_id_list.split(',') : (existing?.departments ?? ['1']);
  if (departments.some((d) => !state.departments.has(d))) return fail(60003, 'department not found');
  state.users.set(userid, {
    userid,
    name: b.name ?? existing?.name ?? '',
    departments,
    email: b.email ?? existing?.email,
    mobile: b.mobile ?? existing?.mobile,
    enabled: true,
  });
  return ok({ result: create ? { userid } : {} });
}

export function startFakeDingding(credentials: {
  appKey: string;
  appSecret: string;
  apps?: Record<string, string>;
}): Promise<FakeImState> {
  const apps: Record<string, string> = { [credentials.appKey]: credentials.appSecret, ...credentials.apps };
  let userTokenSerial = 0;
  return startFakeIm(
    {
      tokenEndpoint: (r, issue) => {
        if (r.path !== '/gettoken') return null;
        if (!(r.query.get('appkey') ?? '') || apps[r.query.get('appkey') ?? ''] !== r.query.get('appsecret'))
          return fail(40089, 'invalid appkey or appsecret');
        const { token, expiresIn } = issue();
        return ok({ access_token: token, expires_in: expiresIn });
      },
      open: (r, state) => {
        if (r.path === '/oauth2/auth') {
          if (!((r.query.get('client_id') ?? '') in apps) || r.query.get('response_type') !== 'code')
            return [400, { code: 'invalidClient', message: 'unknown client_id' }];
          return authorizeRedirect(state, r.query.get('redirect_uri'), r.query.get('state'), 'authCode');
        }
        if (r.path === '/v1.0/oauth2/userAccessToken' && r.method === 'POST') {
          const b = r.body as { clientId?: string; clientSecret?: string; code?: string; grantType?: string };
          if (!b.clientId || apps[b.clientId] !== b.clientSecret)
            return [400, { code: 'invalidClientSecret', message: 'clientId or clientSecret is wrong' }];
          const userid = spendCode(state, b.code);
          if (userid === undefined || b.grantType !== 'authorization_code')
            return [400, { code: 'invalidAuthCode', message: 'the authCode is invalid or used' }];
          userTokenSerial += 1;
          const token = `fake-user-token-${userTokenSerial}`;
          state.userTokens.set(token, userid);
          return [200, { accessToken: token, refreshToken: `r-${token}`, expireIn: 7200 }];
        }
        if (r.path === '/v1.0/contact/users/me') {
          const userid = state.userTokens.get(String(r.headers['x-acs-dingtalk-access-token'] ?? ''));
          return userid === undefined
            ? [401, { code: 'InvalidAuthentication', message: 'token is invalid' }]
            : [200, { nick: userid, unionId: `union-${userid}`, openId: `open-${userid}` }];
        }
        return null;
      },
      tokenOf: (r) => r.query.get('access_token') ?? undefined,
      expired: fail(42001, 'access_token expired'),
      throttled: fail(90018, 'the request is rate limited'),
      handle(r, state) {
        const b = r.body;
        if (r.method !== 'POST') return [405, { errcode: 405, errmsg: 'method not allowed' }];
        if (r.path === '/topapi/v2/department/get') {
          const view = deptView(state, String(b.dept_id));
          return view ? ok({ result: view }) : fail(60003, 'department not found');
        }
        if (r.path === '/topapi/v2/department/listsub') {
          const parent = String(b.dept_id);
          if (!state.departments.has(parent)) return fail(60003, 'department not found');
          return ok({
            result: [...state.departments.values()]
              .filter((d) => d.parentId === parent)
              .map((d) => deptView(state, d.id)),
          });
        }
        if (r.path === '/topapi/v2/user/list') {
          const dept = String(b.dept_id);
          if (!state.departments.has(dept)) return fail(60003, 'department not found');
          const size = Math.min(100, Number(b.size ?? 100));
          const cursor = Number(b.cursor ?? 0);
          const all = [...state.users.values()].filter((u) => u.departments.includes(dept));
          const page = all.slice(cursor, cursor + size);
          const hasMore = cursor + size < all.length;
          return ok({
            result: {
              has_more: hasMore,
              next_cursor: hasMore ? cursor + size : undefined,
              list: page.map((u) => ({
                userid: u.userid,
                name: u.name,
                dept_id_list: u.departments.map(Number),
                email: u.email,
                mobile: u.mobile,
                active: u.enabled,
              })),
            },
          });
        }
        if (r.path === '/topapi/v2/department/create' || r.path === '/topapi/v2/department/update') {
          const create = r.path.endsWith('create');
          const id = create ? nextNumericId(state.departments) : String(b.dept_id);
          const existing = state.departments.get(id);
          if (!create && !existing) return fail(60003, 'department not found');
          const parentId = b.parent_id === undefined ? (existing?.parentId ?? '1') : String(b.parent_id);
          if (!state.departments.has(parentId)) return fail(60004, 'parent department not found');
          if (!b.name && !existing) return fail(40001, 'name is required');
          state.departments.set(id, {
            id,
            name: String(b.name ?? existing?.name),
            parentId,
            order: (b.order as number | undefined) ?? existing?.order,
          });
          return ok({ result: create ? { dept_id: Number(id) } : {} });
        }
        if (r.path === '/topapi/user/getbyunionid') {
          const userid = /^union-(.+)$/.exec(String(b.unionid ?? ''))?.[1];
          return userid ? ok({ result: { contact_type: 0, userid } }) : fail(60121, 'user not found');
        }
        if (r.path === '/topapi/v2/user/create') return user(r, state, true);
        if (r.path === '/topapi/v2/user/update') return user(r, state, false);
        return [404, { errcode: 404, errmsg: `${r.method} ${r.path} is not part of the protocol` }];
      },
    },
    { id: '1', name: 'Organisation', parentId: null },
  );
}
