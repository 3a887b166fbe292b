// A timer its expression cannot arm, in real Chromium (docs/adr/0222-multi-instance-inputs-and-timer-incidents.md):
// the administrator installs a modeler's payment reminder in the Office application (after the invoice,
// a parallel fork: "Wait before reminding", a timer whose duration is `${reminderDelay}`, then "Send
// reminder"; beside it "Delay agreed", a message that brings the delay). An instance is started through
// the runtime REST without the delay. In flow monitoring the instance's jobs show the timer as an
// incident with its reason, no due time and the time it became one (docs/adr/0248-flow-jobs-due-and-failed-at.md);
// a retry is refused saying why, in English and in Chinese. Once the message brings the delay, the retry
// arms the timer: it waits that long from the retry.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { correlateThroughRuntime, installDrawing, SLOW, startThroughRuntime } from './support/flow-monitoring.ts';
import { openEnterpriseTab, openPage, searchList, signIn } from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();
const DRAWING = readFileSync(join(import.meta.dirname, '../fixtures/journeys/payment-reminder.bpmn'), 'utf8');
const TIMER = 'Wait before reminding';
/** Opens the instance's detail from the monitoring list; answers the dialog and its timer's job row. */
async function openJobs(page: Page, summary: string): Promise<{ dialog: Locator; timer: Locator }> {
  await page.locator('.MuiDataGrid-row', { hasText: summary }).getByText(summary).click();
  const dialog = page.getByTestId('flow-detail-dialog');
  const timer = dialog.getByTestId('flow-jobs').locator('[data-row]', { hasText: TIMER });
  await timer.waitFor({ timeout: SLOW });
  return { dialog, timer };
}

/** The job's row as its columns name its cells ("Due", "Incident since"), so an empty cell is seen as one. */
async function cells(dialog: Locator, row: Locator): Promise<Record<string, string>> {
  const names = await dialog.getByTestId('flow-jobs').locator('thead th').allInnerTexts();
  const texts = await row.locator('td').allInnerTexts();
  return Object.fromEntries(names.map((name, i) => [name.trim(), (texts[i] ?? '').trim()]).filter(([name]) => name));
}

const MOMENT = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

/** A moment as the jobs show it, in minutes (the same clock for every row read). */
const minutes = (moment: string) => Date.parse(`${moment.replace(' ', 'T')}Z`) / 60_000;

/** A screenshot of the page made tall enough for the detail to show the refusal above and the jobs below. */
async function wholeDetail(page: Page, name: string) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 1_500 });
  await screenshot(page, name);
  await page.setViewportSize(size);
}

describe('flow monitoring: a timer whose expression gives nothing usable', () => {
  it('shows the incident and its reason, refuses a retry while the delay is unset, and arms it once a message brings it', async () => {
    const { page, server } = session;
    await installDrawing(page, server.url, 'payment-reminder.bpmn', DRAWING);
    const domainId = await openEnterpriseTab(page, server.url, 'Acme', 'flows');
    const summary = `E2E payment reminder ${Date.now()}`;
    const { instanceId, applicationId, query } = await startThroughRuntime(page, server.url, domainId, {
      processId: 'payment-reminder',
      summary,
      formData: { amount: 120 },
    });
    const list = `${server.url}/#/flowstaterts?domainid=${domainId}&app=${applicationId}`;
    await page.goto(list);
    await searchList(page, { _summary: summary });
    let { dialog, timer } = await openJobs(page, summary);

    // The timer an incident (no retries left, its reason); the message beside it waits.
    expect(await timer.getAttribute('data-state')).toBe('incident');
    // Not armed, it has no due time; the incident's own column says since when
    // (docs/adr/0248-flow-jobs-due-and-failed-at.md).
    const incident = await cells(dialog, timer);
    expect(incident).toMatchObject({
      Kind: 'Timer',
      Node: TIMER,
      Due: '',
      State: 'Incident',
      'Retries left': '0',
      'Last error': "The timer's expression gave nothing: a variable it reads is not set.",
    });
    expect(incident['Incident since']).toMatch(MOMENT);
    const failedAt = minutes(incident['Incident since']);
    await expect(
      dialog.getByTestId('flow-jobs').locator('[data-row]', { hasText: 'Delay agreed' }).getAttribute('data-state'),
    ).resolves.toBe('waiting');

    // A retry while the delay is unset: refused saying why, the incident kept.
    await timer.getByTestId('flow-instance-retry').click();
    await expect(dialog.getByTestId('dialog-message').innerText()).resolves.toBe(
      "The job was not retried: The timer's expression gave nothing: a variable it reads is not set. Set the variable, then retry.",
    );
    expect(await timer.getAttribute('data-state')).toBe('incident');
    await expectAccessible(page, "the instance's jobs with a timer incident and a refused retry");
    await wholeDetail(page, 'flows-timer-incident-en');
    await dialog.getByTestId('flow-detail-close').click();

    // The same in Chinese: the reason and the refusal in the reader's language.
    const zh = await openPage(session.browser, server.url, 'zh');
    await signIn(zh, server.url, 'acme', 'Acme@2026');
    await zh.goto(list);
    await searchList(zh, { _summary: summary });
    const inZh = await openJobs(zh, summary);
    const inChinese = await cells(inZh.dialog, inZh.timer);
    expect(inChinese).toMatchObject({
      类型: '定时器',
      节点: TIMER,
      到期时间: '',
      状态: '故障',
      剩余重试次数: '0',
      最近错误: '定时器的表达式没有得到值：它读取的变量未设置。',
    });
    expect(inChinese['故障时间']).toMatch(MOMENT);
    await inZh.timer.getByTestId('flow-instance-retry').click();
    await expect(inZh.dialog.getByTestId('dialog-message').innerText()).resolves.toBe(
      '作业未重试：定时器的表达式没有得到值：它读取的变量未设置。请先设置该变量，再重试。',
    );
    await wholeDetail(zh, 'flows-timer-incident-zh');
    await zh.context().close();

    // The message brings the delay; the retry arms the timer, which waits an hour from then.
    await correlateThroughRuntime(page, server.url, query, {
      instanceId,
      messageName: 'delay-agreed',
      variables: { reminderDelay: 'PT1H' },
    });
    ({ dialog, timer } = await openJobs(page, summary));
    // The detail read before is drawn at once and read again behind it: the message's row goes once that answers.
    await expect
      .poll(() => dialog.getByTestId('flow-jobs').locator('[data-row]', { hasText: 'Delay agreed' }).count(), {
        timeout: SLOW,
      })
      .toBe(0);
    await timer.getByTestId('flow-instance-retry').click();
    await expect(dialog.getByTestId('dialog-message').innerText()).resolves.toBe('The job will be tried again.');
    await expect.poll(() => timer.getAttribute('data-state'), { timeout: SLOW }).toBe('waiting');
    const armed = await cells(dialog, timer);
    expect(armed).toMatchObject({
      Kind: 'Timer',
      State: 'Waiting',
      'Retries left': '1',
      'Incident since': '',
      'Last error': '',
    });
    // Due an hour after the retry, which came within minutes of the incident.
    expect(armed.Due).toMatch(MOMENT);
    expect(minutes(armed.Due) - failedAt).toBeGreaterThanOrEqual(60);
    expect(minutes(armed.Due) - failedAt).toBeLessThanOrEqual(70);
    await expect(timer.getByTestId('flow-instance-retry').count()).resolves.toBe(0);
  }, 300_000); // an install, two sign-ins and the detail read three times on a loaded machine
});
