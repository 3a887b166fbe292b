// The suite sign-in (docs/adr/0082-suite-endpoints-and-sign-in.md) in real Chromium, security mode on, against a local WeChat-Work as the deployment's suite
// (docs/adr/0082-suite-endpoints-and-sign-in.md). Acme's administrator controls Acme's corp in the
// suite: it adds a member with its peer administrator's login number and syncs, so the suite now
// vouches for a person of that number. Opened from the suite, the application's entry refuses that
// person with the localized page and signs nobody in; a developer of Acme the same sync linked lands
// on the application in the console, signed in (the console takes the session the sign-in opened).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { encodePassword } from '../../src/core/password-codec.ts';
import { startFakeWechat } from '../support/fake-wechat.ts';
import { screenshot } from './support/browser.ts';
import { deploymentSuite } from './support/deployment-suite.ts';
import { csrfHeaders, openPage, signIn } from './support/pages.ts';
import { ADMIN_PASSWORD } from './support/server.ts';
import { serverAndBrowser } from './support/session.ts';

const wechat = deploymentSuite('ATRIUM_WECHAT_URL', () =>
  startFakeWechat({ corpId: 'ww-journey', corpSecret: 'Wx#journey', agents: { '1000002': 'Wx#office' } }),
);
wechat.env.ATRIUM_SECURITY_SEPARATION = 'on';
const live = serverAndBrowser(wechat.env);

/** A call beside the page, as its signed-in user; answers the envelope's data. */
async function call<T>(page: Page, method: string, path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`${live.server.url}${path}`, {
    method,
    headers: await csrfHeaders(page),
    data,
  });
  const body = (await response.json()) as { errcode: number; errmsg: string; data: T };
  expect(body.errcode, `${method} ${path}: ${body.errmsg}`).toBe(0);
  return body.data;
}

const idOf = async (page: Page, list: string, name: string) =>
  (await call<Array<{ id: string; name: string }>>(page, 'GET', `/authtime/lookups/${list}`)).find(
    (c) => c.name === name,
  )?.id ?? '';

describe('signing in from a messaging suite', () => {
  it("refuses the administrator's takeover of its peer with the page, and signs in a developer the suite vouches for", async () => {
    const admin = await openPage(live.browser, live.server.url, 'en');
    await signIn(admin, live.server.url, 'admin', ADMIN_PASSWORD);
    const acmeId = await idOf(admin, 'domains', 'Acme');
    const officeId = await idOf(admin, 'applications', 'Office');
    const account = (loginno: string, type: string, extra: Record<string, unknown> = {}) =>
      call(admin, 'POST', '/authtime/superuser', {
        name: `Journey_${loginno}`,
        loginno,
        email: `${loginno}@acme.example`,
        status: 1,
        type,
        domains: [acmeId],
        password: encodePassword('Journey@2026'),
        confirmpwd: encodePassword('Journey@2026'),
        ...extra,
      });
    await account('peeradmin', 'admin');
    await account('devjourney', 'develop', { applications: [officeId] });

    // Acme's administrator: the suite's credentials, Office's agent, and a sync bringing the corp's members.
    const acme = await openPage(live.browser, live.server.url, 'en');
    await signIn(acme, live.server.url, 'acme', 'Acme@2026');
    await call(acme, 'PUT', `/authtime/domain/${acmeId}/wechat`, {
      corpId: 'ww-journey',
      corpSecret: 'Wx#journey',
      externalHost: live.server.url,
    });
    await call(acme, 'PUT', `/authtime/domain/${acmeId}/application/${officeId}/wechat`, {
      agentId: '1000002',
      secret: 'Wx#office',
    });
    const suite = wechat.suite();
    suite.users.set('peeradmin', { userid: 'peeradmin', name: 'Peer', departments: ['1'], enabled: true });
    suite.users.set('devjourney', { userid: 'devjourney', name: 'Dev', departments: ['1'], enabled: true });
    const run = await call<{ id: string }>(acme, 'PUT', `/authtime/domain/${acmeId}/synchfromwechat`, { dryRun: 0 });
    await expect
      .poll(
        async () =>
          (
            await call<{ status: string }>(
              acme,
              'GET',
              `/authtime/weixin/synchronization/show?domainid=${acmeId}&service=wechat&id=${run.id}`,
            )
          ).status,
        { timeout: 20_000 },
      )
      .toBe('succeeded');

    // The phone's web view opens Office from the suite, the suite answering the peer administrator.
    const entry = `${live.server.url}/authtime/im/wechat/entry/${acmeId}/${officeId}`;
    const phone = await openPage(live.browser, live.server.url, 'en');
    suite.signInAs = 'peeradmin';
    await phone.goto(entry);
    await expect
      .poll(() => phone.getByRole('alert').innerText())
      .toBe('An administrator or officer cannot sign in through WeChat-Work; sign in with your password instead.');
    expect(await phone.getByRole('heading').innerText()).toBe('Sign-in through WeChat-Work');
    await screenshot(phone, 'suite-sign-in-refused');
    expect((await phone.request.get(`${live.server.url}/authtime/myprofile`)).status()).toBe(401);

    // The developer the same sync linked: the application in the console, signed in as itself.
    suite.signInAs = 'devjourney';
    await phone.goto(entry);
    await phone.waitForURL(new RegExp(`#/applications/access\\?app=${officeId}$`));
    const profile = (await (await phone.request.get(`${live.server.url}/authtime/myprofile`)).json()) as {
      data: { loginno: string };
    };
    expect(profile.data.loginno).toBe('devjourney');
    // The console takes the session the sign-in opened (no password page in between) and shows Office's roles.
    await phone.getByText('Pick a role to see what it grants.').waitFor({ timeout: 20_000 });
    await phone.getByText('Office', { exact: true }).first().waitFor();
    await screenshot(phone, 'suite-sign-in-developer');
  });
});
