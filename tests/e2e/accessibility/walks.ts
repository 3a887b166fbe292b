// Accessibility in real Chromium: axe-core finds no serious or critical violation on any route of the
// catalogue (schemas/screens/*.yaml `routes:`), any tab of a form, or any dialog, drawer and menu the
// console opens, in English, Simplified and Traditional Chinese: one test file per language
// (tests/e2e/accessibility-<language>.test.ts, docs/adr/0065-test-files-split.md), so the three walks run on both cores at once.
// Run them all with `npx vitest run --project e2e tests/e2e/accessibility`.
import { describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { axeProblems, type AxeProblem } from '../support/axe.ts';
import { ADMIN_PASSWORD } from '../support/server.ts';
import { serverAndBrowser, type ServerAndBrowser } from '../support/session.ts';
import { csrfHeaders, openPage, requestsSettled, signIn, tick } from '../support/pages.ts';
import { startFakeWechat } from '../../support/fake-wechat.ts';
import { deploymentSuite } from '../support/deployment-suite.ts';

let live: ServerAndBrowser;
let wechat: ReturnType<typeof deploymentSuite>;

/** Registers the walks in one language, with the file's own server and browser. */
export function accessibilityIn(lang: string): void {
  wechat = deploymentSuite('ATRIUM_WECHAT_URL', () => startFakeWechat({ corpId: 'ww-walk', corpSecret: 'Wx#walk' }));
  live = serverAndBrowser(wechat.env);
  describe(`accessibility in ${lang}`, () => walks(lang));
}

const SIGNED_IN_ROUTES = [
  '/home',
  '/main',
  '/superuser',
  '/superuser/detail',
  '/systemCon',
  '/systemCon/manage',
  '/systemCon/systemFile',
  '/notices',
  '/password',
  '/systemMoni',
  '/systemMoni/onlines',
  '/systemMoni/charts',
  '/systemMoni/perf',
  '/systemMoni/pool',
  '/systemMoni/apiDocs',
  '/systemMoni/services',
  '/debug',
  '/debug/runtime',
  '/test',
  // Its roles tab: a tab frame choosing the application within the enterprise's frame.
  '/test?domainid=ACME&view=roles',
  // The workflow states of an enterprise, as its page opens them (ACME: the demo enterprise's id).
  '/flowstaterts?domainid=ACME',
  // Its dashboard tab: a charts screen (docs/adr/0133-charts-screen-kind.md), drawn by the tab, not a route.
  '/flowstaterts?domainid=ACME&view=dashboard',
  '/about',
  '/tasks',
  // The applications' start timers (docs/adr/0171-start-timers-platform-actions.md).
  '/applications/start-timers',
];

/** Checks the page at each point of a walk and keeps every problem, so one run lists them all. */
function walker(page: Page) {
  const found: Array<AxeProblem & { where: string }> = [];
  return {
    found,
    async check(where: string) {
      await settled(page);
      for (const problem of await axeProblems(page)) found.push({ where, ...problem });
    },
  };
}

/** The screen has drawn: its code and data have come (no request for 150 ms) and no loading indicator is
 *  left; axeProblems then waits for the transitions (dialogs, drawers). */
async function settled(page: Page): Promise<void> {
  await requestsSettled(page, 150);
  await page
    .locator('[role="progressbar"], .MuiDataGrid-overlay .MuiCircularProgress-root')
    .first()
    .waitFor({ state: 'hidden', timeout: 15_000 })
    .catch(() => undefined);
}

async function go(page: Page, path: string): Promise<void> {
  await page.goto(`${live.server.url}/#${path}`);
  await page.getByTestId('header-title').or(page.getByTestId('login-submit')).first().waitFor();
}

async function closeWithEscape(page: Page, testId: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByTestId(testId).waitFor({ state: 'hidden' });
}

async function checkLanguageMenu(page: Page, w: ReturnType<typeof walker>, where: string): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.getByRole('menu').waitFor();
  await w.check(`${where}, language menu`);
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'hidden' });
}

/** Opens the enterprise Acme from the enterprise table; answers its id. */
async function openAcme(page: Page): Promise<string> {
  await page.goto(
    `${live.server.url}/#/main?view=table&filter=${encodeURIComponent(JSON.stringify({ name: 'Acme' }))}`,
  );
  await page.locator('.MuiDataGrid-row').filter({ hasText: 'Acme' }).first().click();
  await page.waitForURL(/#\/domain\?/);
  return new URLSearchParams(page.url().split('?')[1]).get('domainid')!;
}

/** The Software tab of Acme and an application's messaging dialog (docs/adr/0067-application-agent-messaging.md), with its addresses shown. */
async function checkAppAgents(page: Page, w: ReturnType<typeof walker>): Promise<void> {
  const acmeId = await openAcme(page);
  const saved = await page.request.put(`${live.server.url}/authtime/domain/${acmeId}/wechat`, {
    headers: await csrfHeaders(page),
    data: { externalHost: 'https://atrium.acme.example' },
  });
  expect((await saved.json()).errcode).toBe(0);
  await page.getByTestId('form-tab-software').click();
  await page
    .locator('.MuiDataGrid-row')
    .filter({ hasText: 'Office' })
    .getByRole('button', { name: /Messaging|即时通讯|即時通訊/ })
    .click();
  const dialog = page.getByTestId('tabs-dialog-im');
  await dialog.waitFor();
  // The lines to copy come with the address just saved (the dialog reads them afresh on opening).
  await expect
    .poll(() => dialog.getByTestId('copy-home').innerText(), { timeout: 30_000 })
    .toContain('atrium.acme.example');
  await w.check('/domain, software tab, application messaging dialog');
  await page.getByTestId('tabs-dialog-tab-dingding').click();
  await page.getByTestId('copy-empty').waitFor();
  await w.check('/domain, application messaging dialog, DingTalk without an external host');
  await closeWithEscape(page, 'tabs-dialog-im');
}

/** The batch change and the resignation of selected users (docs/adr/0156-batch-and-pick-list-actions.md). */
async function checkUserBatch(page: Page, w: ReturnType<typeof walker>): Promise<void> {
  await openAcme(page);
  await page.getByTestId('form-tab-users').click();
  await page.locator('.MuiDataGrid-row').first().getByRole('checkbox').check();
  await page.getByTestId('action-batch').click();
  await page.getByTestId('batch-dialog-batch').locator('#root_departmentid').waitFor();
  await w.check('/domain, users tab, batch change dialog');
  await closeWithEscape(page, 'batch-dialog-batch');
  await page.getByTestId('action-resign').click();
  await page.getByTestId('batch-dialog-resign').getByTestId('batch-apply').waitFor();
  await w.check('/domain, users tab, resignation dialog');
  await closeWithEscape(page, 'batch-dialog-resign');
}

/** The enterprise's Calendars tab, its dialogs, and a calendar's three views (docs/adr/0055-work-calendars.md). */
async function checkCalendars(page: Page, w: ReturnType<typeof walker>): Promise<void> {
  await page.getByTestId('form-tab-calendars').click();
  await page.locator('.MuiDataGrid-row').first().waitFor();
  await w.check('/domain, calendars tab');
  await page.getByTestId('action-new').click();
  await page.getByTestId('form-dialog-calendar.form').waitFor();
  await w.check('/domain, calendars tab, calendar dialog');
  await closeWithEscape(page, 'form-dialog-calendar.form');
  await page.locator('.MuiDataGrid-row').first().click();
  await page.waitForURL(/#\/domain\/calendar\?/);
  await page.getByTestId('work-week').waitFor();
  await w.check('/domain/calendar, work week');
  await page.getByTestId('view-tab-days').click();
  await page.locator('.MuiDataGrid-row').first().waitFor();
  await w.check('/domain/calendar, exception days');
  await page.getByTestId('action-new').click();
  await page.getByTestId('form-dialog-specialDay.form').waitFor();
  await w.check('/domain/calendar, exception day dialog');
  await closeWithEscape(page, 'form-dialog-specialDay.form');
  await page.getByTestId('view-tab-month').click();
  await page.getByTestId('month-grid').waitFor();
  await w.check('/domain/calendar, month view');
}

/** A messaging tab with a run's report (docs/adr/0061-messaging-suites.md, the report every sync tab shares): the deployment's
 *  WeChat-Work is the local server the API tests use, and a dry run from it is shown. */
async function checkMessagingRun(page: Page, w: ReturnType<typeof walker>): Promise<void> {
  wechat.suite().users.set('walker', { userid: 'walker', name: 'Walker', departments: ['1'], enabled: true });
  const enterprise = new URL(page.url().replace('#', '')).searchParams.get('domainid');
  const saved = await page.request.put(`${live.server.url}/authtime/domain/${enterprise}/wechat`, {
    headers: await csrfHeaders(page),
    data: { corpId: 'ww-walk', corpSecret: 'Wx#walk' },
  });
  expect((await saved.json()).errcode).toBe(0);
  await page.getByTestId('form-tab-wechat').click();
  await page.getByTestId('sync-dry-run-from').click();
  await page.getByTestId('sync-changes').waitFor();
  await w.check('/domain, wechat tab, dry run report');
}

function walks(lang: string): void {
  it('has no serious or critical violation on the login and about pages, signed out', async () => {
    const page = await openPage(live.browser, live.server.url, lang);
    const w = walker(page);
    await go(page, '/login');
    await w.check('/login');
    await checkLanguageMenu(page, w, '/login');
    await go(page, '/about');
    await w.check('/about');
    await page.context().close();
    expect(w.found).toEqual([]);
  });

  // Every screen, tab, dialog and drawer of the console in one walk: minutes, not the default two.
  it(
    'has no serious or critical violation on any screen, tab, dialog or drawer, signed in',
    { timeout: 480_000 },
    async () => {
      const page = await openPage(live.browser, live.server.url, lang);
      await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
      const w = walker(page);
      onTestFailed(() =>
        console.error(`axe problems found before the failure (${lang}):`, JSON.stringify(w.found, null, 1)),
      );
      const acme = await openAcme(page);
      for (const path of SIGNED_IN_ROUTES) {
        await go(page, path.replace('ACME', acme));
        await w.check(path);
        for (const tab of await page.locator('[data-testid^="form-tab-"]').all()) {
          await tab.click();
          await w.check(`${path}, tab ${await tab.getAttribute('data-testid')}`);
        }
      }
      await go(page, '/home');
      await checkLanguageMenu(page, w, '/home');
      await page.getByTestId('header-messages').click();
      await page.getByTestId('message-drawer').waitFor();
      await w.check('/home, message drawer');
      await closeWithEscape(page, 'message-drawer');
      for (const path of ['/home', '/main', '/superuser', '/superuser/detail', '/systemCon']) {
        await go(page, path);
        await page.getByTestId('header-help').click();
        await page.getByTestId('help-drawer').waitFor();
        await w.check(`${path}, help drawer`);
        await closeWithEscape(page, 'help-drawer');
      }
      await go(page, '/systemCon');
      await page.getByTestId('form-action-import').click();
      await page.getByTestId('upload-dialog').waitFor();
      await w.check('/systemCon, import (upload) dialog');
      await closeWithEscape(page, 'upload-dialog');
      await go(page, '/systemCon/systemFile');
      await page.getByTestId('action-new').click();
      await page.getByTestId('form-dialog-fieldExtend.form').waitFor();
      await w.check('/systemCon/systemFile, extension-field dialog');
      await closeWithEscape(page, 'form-dialog-fieldExtend.form');
      await go(page, '/tasks');
      await page.getByTestId('row-start-sessionPurge').click();
      await page.getByTestId('form-dialog-task.start').waitFor();
      await w.check('/tasks, start dialog');
      await closeWithEscape(page, 'form-dialog-task.start');
      await page.getByTestId('row-runs-sessionPurge').click();
      await page.getByTestId('list-detail-runs').waitFor();
      await w.check('/tasks, runs');
      await go(page, '/main');
      await page.getByTestId('view-table').click();
      await page.locator('.MuiDataGrid-row').first().waitFor();
      await w.check('/main, table view');
      await tick(page.locator('.MuiDataGrid-row input[type="checkbox"]').first());
      await page.getByTestId('action-delete').click();
      await page.getByTestId('confirm-dialog').waitFor();
      await w.check('/main, delete confirmation');
      await page
        .getByTestId('confirm-cancel')
        .or(page.getByRole('button', { name: /cancel|取消/i }))
        .first()
        .click();
      await page.locator('.MuiDataGrid-row').first().click();
      await page.waitForURL(/#\/domain\?.*domainid=/);
      await w.check('/domain (existing enterprise)');
      await page.getByTestId('form-tab-mail').click();
      await page.locator('#root_address').waitFor();
      await w.check('/domain, mail tab');
      await page.getByTestId('form-tab-ldapSync').click();
      await page.getByTestId('ldap-sync').waitFor();
      await w.check('/domain, LDAP sync tab');
      for (const [tab, field] of [
        ['wechat', 'corpId'],
        ['dingding', 'appKey'],
        ['feishu', 'appKey'],
      ]) {
        await page.getByTestId(`form-tab-${tab}`).click();
        await page.locator(`#root_${field}`).waitFor();
        await w.check(`/domain, ${tab} tab`);
      }
      await checkMessagingRun(page, w);
      await page.getByTestId('form-tab-basic').click();
      await page.getByTestId('form-action-testSms').click();
      await page.getByTestId('form-dialog-domain.smsTest').waitFor();
      await w.check('/domain, test SMS dialog');
      await closeWithEscape(page, 'form-dialog-domain.smsTest');
      // The operation log tab (docs/adr/0056-operation-log.md): its list, an entry and the export dialog. Searches are not logged,
      // so the enterprise's log gets an entry first: a refused department (bad input is logged).
      const enterprise = new URL(page.url().replace('#', '')).searchParams.get('domainid');
      await page.request.post(`${live.server.url}/authtime/domain/${enterprise}/department`, {
        headers: await csrfHeaders(page),
        data: { name: '' },
      });
      await page.getByTestId('form-tab-logs').click();
      await page.locator('.MuiDataGrid-row').first().waitFor();
      await w.check('/domain, tab logs');
      await page.locator('.MuiDataGrid-row').first().click();
      await page.getByTestId('oplog-hash').waitFor();
      await w.check('/domain, log entry dialog');
      await closeWithEscape(page, 'form-dialog-oplog.entry');
      await page.getByTestId('form-tab-basic').click();
      await page.getByTestId('icon-widget-choose').first().click();
      await page.getByTestId('icon-picker').waitFor();
      await w.check('/domain, icon picker dialog');
      await closeWithEscape(page, 'icon-picker');
      await checkCalendars(page, w);
      await checkAppAgents(page, w);
      await checkUserBatch(page, w);
      await page.context().close();
      expect(w.found).toEqual([]);
    },
  );
}
