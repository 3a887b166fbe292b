// The workflow dashboard in real Chromium (docs/adr/0047-workflow-dashboard-figures.md): Acme's tenant administrator opens it with
// instances of known durations (run through the engine before the server starts), sees the charts and
// the slowest steps, switches the period (the URL follows, Back returns), sees the no-data state for
// software with no instances; then the same in Chinese.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openDatabase } from '../../src/server/db/connect.ts';
import { dashboardClock, zonedPeriodStart } from '../support/dashboard-clock.ts';
import { seedDashboard, type DashboardData } from '../support/dashboard-instances.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { csrfHeaders, openPage, signIn } from './support/pages.ts';
import { copyPreparedData } from './support/prepared-server-data.ts';
import { launchServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let acmeId: string;
let globexId: string;
let data: DashboardData;
let calendar: { id: string; name: string; time_zone: string };
/** The server's zone and the shorter period read in Chinese: both hold every seeded instance, whatever the day. */
const clock = dashboardClock(new Date());

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-'));
  copyPreparedData(dataDir);
  const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') }); // where the server keeps it (main.ts)
  acmeId = (await database.db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow())
    .id;
  globexId = (
    await database.db.selectFrom('domains').select('id').where('name', '=', 'Globex').executeTakeFirstOrThrow()
  ).id;
  const now = new Date();
  data = await seedDashboard(database.db, acmeId, now, {
    today: zonedPeriodStart('today', now, clock.hoursBehind),
    year: zonedPeriodStart('thisyear', now, clock.hoursBehind),
  });
  // The exact figures are wall-clock hours until the test makes a calendar the default.
  calendar = await database.db
    .selectFrom('work_calendars')
    .select(['id', 'name', 'time_zone'])
    .where('domain_id', '=', acmeId)
    .orderBy('name')
    .executeTakeFirstOrThrow();
  await database.db.updateTable('work_calendars').set({ is_default: false }).where('domain_id', '=', acmeId).execute();
  await database.close();
  [server, browser] = await Promise.all([launchServer(dataDir, { TZ: clock.timeZone }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const query = (page: Page) => new URLSearchParams(page.url().split('?')[1]);
const slowestRows = (page: Page) => page.getByTestId('flowboard-slowest').locator('tbody tr');
/** The figures drawn once the answer for the chosen period has come (the URL changes a moment before React draws). */
const settled = (page: Page, period = 'thisyear') =>
  page.locator(`[data-testid="flowboard"][data-period="${period}"][aria-busy="false"]`).waitFor();

async function signedIn(lang: 'en' | 'zh'): Promise<Page> {
  const page = await openPage(browser, server.url, lang);
  await signIn(page, server.url, 'acme', 'Acme@2026');
  return page;
}

describe('the workflow dashboard', () => {
  it('shows a year of figures, follows the period in the URL, and says when there is no data', async () => {
    const page = await signedIn('en');
    await page.goto(`${server.url}/#/flowstaterts?view=dashboard&domainid=${acmeId}&app=${data.appId}`);
    await settled(page);
    expect(query(page).get('period')).toBeNull(); // the default, this year
    await expect(page.getByTestId('flowboard-period-thisyear').getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.getByTestId('flowboard-unit').innerText()).resolves.toContain('wall-clock hours');
    await expect.poll(() => page.getByRole('checkbox', { name: 'Show all users' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Show all users' }).isDisabled()).toBe(true);
    // Ten rows, the slowest first; the bars and slices are drawn.
    await expect(slowestRows(page).count()).resolves.toBe(10);
    await expect(slowestRows(page).first().innerText()).resolves.toMatch(/^Beta\s+Check\s+Sign\s+Dash Ann\s+10$/);
    expect(await page.getByTestId('flowboard-times').locator('svg rect, svg path').count()).toBeGreaterThan(2);
    await expect(page.getByTestId('flowboard-instance-share').innerText()).resolves.toMatch(/Alpha[\s\S]*Beta/);
    await expect(page.getByTestId('flowboard-times').locator('svg text').allTextContents()).resolves.toEqual(
      expect.arrayContaining(['Alpha', 'Beta']),
    );
    await screenshot(page, 'flowboard-year');

    // Today's figures as a day of steps approved within seconds makes them: the real answer scaled down
    // so the longest average is 0.00015 h (0.54 s). The axis then ticks every 0.00005 h, seven characters
    // at its default width and digits, which it once cut to "0.00…".
    const todayTimes = '**/workflow/analytics/flowAndNodeTimeConsuming?*daterange=today*';
    await page.route(todayTimes, async (route) => {
      const response = await route.fetch();
      const reply = (await response.json()) as { data: Array<{ resultFields: number[] }> };
      const longest = Math.max(...reply.data.flatMap((row) => row.resultFields));
      for (const row of reply.data) row.resultFields = row.resultFields.map((hours) => (hours / longest) * 0.00015);
      await route.fulfill({ response, json: reply });
    });
    // Today, chosen from the keyboard: the URL says so; what completed before midnight is left out.
    await page.getByTestId('flowboard-period-today').focus();
    await page.keyboard.press('Space');
    await page.waitForURL(/period=today/);
    await settled(page, 'today');
    await expect(slowestRows(page).allInnerTexts()).resolves.not.toContainEqual(
      expect.stringMatching(/Alpha\s+Sign\s+Done\s+Dash Bob\s+3$/),
    );
    // Today's few minutes are thousandths of an hour: the value axis still reads in full, never "0.00…":
    // each tick label is a whole number of at most three significant digits, drawn inside the chart.
    const chart = page.getByTestId('flowboard-times');
    const labels = chart.locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel');
    const ticks = await labels.allTextContents();
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks.filter((tick) => !/^-?\d[\d,]*(\.\d+)?$/.test(tick))).toEqual([]);
    expect(ticks).toContain('0.00005');
    expect(ticks.filter((tick) => tick.replace(/\D/g, '').replace(/^0+/, '').length > 3)).toEqual([]);
    // The chart's own drawing (the outermost svg of the labels) clips what falls left of it.
    const left = await labels.first().evaluate((label) => {
      let svg = (label as SVGElement).ownerSVGElement!;
      while (svg.ownerSVGElement) svg = svg.ownerSVGElement;
      return svg.getBoundingClientRect().left;
    });
    const starts = await labels.evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().left));
    expect(
      starts.filter((x) => x < left),
      `surface at ${left}`,
    ).toEqual([]);
    await screenshot(page, 'flowboard-today');
    await page.unroute(todayTimes);
    await page.goBack();
    await page.waitForURL((url) => !url.hash.includes('period=today'));
    await expect(page.getByTestId('flowboard-period-thisyear').getAttribute('aria-pressed')).resolves.toBe('true');

    // Software with no instances: the no-data state, no charts.
    // Controlled by the URL: checked once the navigation lands, so a click, then the URL.
    await page.getByRole('radio', { name: 'Dashboard empty' }).click();
    await page.waitForURL(new RegExp(`app=${data.emptyAppId}`));
    await page.getByTestId('flowboard-no-data').waitFor();
    await expect(page.getByTestId('flowboard-no-data').innerText()).resolves.toBe(
      'No workflow data for this software in this period.',
    );
    expect(await page.getByTestId('flowboard-times').count()).toBe(0);
    await screenshot(page, 'flowboard-no-data');

    // Another tenant's enterprise: the server's refusal is said, no charts and no "no software".
    await page.goto(`${server.url}/#/flowstaterts?view=dashboard&domainid=${globexId}`);
    await page.getByTestId('scope-error').waitFor();
    expect(await page.getByTestId('flowboard-times').count()).toBe(0);
    expect(await page.getByTestId('flowboard-no-software').count()).toBe(0);
    await screenshot(page, 'flowboard-refused');
    await page.context().close();
  });

  it('reads in Chinese', async () => {
    const page = await signedIn('zh');
    // A period shorter than the year when it holds every seeded instance (dashboard-clock.ts).
    const { period } = clock;
    await page.goto(
      `${server.url}/#/flowstaterts?view=dashboard&domainid=${acmeId}&app=${data.appId}&period=${period}`,
    );
    await settled(page, period);
    await expect(page.getByTestId(`flowboard-period-${period}`).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.getByTestId('flowboard-unit').innerText()).resolves.toContain('自然小时');
    await expect(page.getByTestId('flowboard-instance-share').innerText()).resolves.toContain('阿尔法');
    await page.getByText('耗时最长的 10 个步骤').waitFor();
    await screenshot(page, 'flowboard-zh');

    // With a default calendar the figures are its working hours, and the page says so.
    const made = await page.request.put(`${server.url}/authtime/domain/${acmeId}/calendar/${calendar.id}`, {
      headers: await csrfHeaders(page),
      data: { name: calendar.name, timeZone: calendar.time_zone, isDefault: true },
    });
    expect((await made.json()).errcode).toBe(0);
    await page.goto(`${server.url}/#/flowstaterts?view=dashboard&domainid=${acmeId}&app=${data.appId}`);
    await settled(page);
    // Polled: when the period asked above was already the year, the figures on screen are settled before
    // the new answer comes.
    await expect
      .poll(() => page.getByTestId('flowboard-unit').innerText())
      .toBe(`时间为工作小时：只计日历“${calendar.name}”的工作时间。`);
    await expect(slowestRows(page).first().innerText()).resolves.not.toMatch(/\s10$/);
    await screenshot(page, 'flowboard-working-hours');
    await page.context().close();
  });
});
