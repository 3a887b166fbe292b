// The performance and pool monitors in real Chromium (docs/adr/0062-performance-monitor.md): the panel's table, the busiest
// first (most total time) and sorted by a click on a header (twice: the other way), its wide label
// column with the whole label in a tooltip, its headers and options in Chinese (docs/adr/0092-wide-screens.md), the switch off ("monitoring is disabled") and on again, the
// export as html, xml, csv and excel opened and read; the pool monitor's figures refreshing.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { openPage, signIn } from './support/pages.ts';
import { ADMIN_PASSWORD } from './support/server.ts';
import { signedInAsAdmin } from './support/session.ts';
import { savedDownload } from './support/downloads.ts';

const session = signedInAsAdmin();

async function choose(testId: string, option: string) {
  const { page } = session;
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('performance and pool monitors', () => {
  it('shows the performance table, sorts it, turns monitoring off and on, and exports each format', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/#/systemMoni`);
    await page.getByRole('button', { name: 'Enter: Performance monitor' }).click();
    await page.waitForURL(/#\/systemMoni\/perf/);
    const table = page.getByTestId('perf-table');
    await table.waitFor();
    await expect(page.getByTestId('perf-now').innerText()).resolves.toMatch(
      /Current time: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/,
    );
    const figures = async (column: number) =>
      (await table.locator(`tbody tr td:nth-child(${column + 1})`).allInnerTexts()).map((t) =>
        Number(t.replace(/,/g, '')),
      );
    // The busiest first: column 4 (Total) descending at first; a click on Hits: ascending, again: descending.
    const totals = await figures(4);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    await expect(page.getByTestId('perf-sort-4').innerText()).resolves.toBe('Total');
    await page.getByTestId('perf-sort-2').click();
    const first = await figures(2);
    expect(first).toEqual([...first].sort((a, b) => a - b));
    await page.getByTestId('perf-sort-2').click();
    const second = await figures(2);
    expect(second).toEqual([...second].sort((a, b) => b - a));
    const labels = table.getByTestId('perf-label');
    await expect
      .poll(async () => (await labels.allInnerTexts()).some((t) => t.startsWith('call: monitoring.perfInfo')))
      .toBe(true);
    await expect.poll(async () => (await labels.allInnerTexts()).some((t) => t.startsWith('sql: '))).toBe(true);
    // The label column is wide and wraps; a text display size cuts the labels, the tooltip shows one whole.
    expect((await labels.first().boundingBox())!.width).toBeGreaterThanOrEqual(420);
    await page.getByTestId('perf-textSize').fill('12');
    const sql = labels.filter({ hasText: /^sql: / }).first();
    await expect.poll(async () => (await sql.innerText()).length).toBe(13);
    await sql.locator('div').first().hover();
    const whole = await page.getByRole('tooltip').innerText();
    expect(whole.startsWith((await sql.innerText()).slice(0, 12))).toBe(true);
    expect(whole.length).toBeGreaterThan(40);
    await page.mouse.move(0, 0);
    await page.getByTestId('perf-textSize').fill('0');
    await screenshot(page, 'monitoring-perf');

    // The switch off: the message; on again: the table.
    await page.getByTestId('perf-enabled').click();
    await page.getByTestId('perf-disabled').waitFor();
    await expect(page.getByTestId('perf-disabled').innerText()).resolves.toContain(
      'Performance monitoring is disabled',
    );
    await page.getByTestId('perf-enabled').click();
    await table.waitFor();

    // Each output, downloaded and read.
    await choose('perf-columns', 'Basic');
    await page.getByTestId('perf-go').click();
    const fileOf = async (output: string) => {
      await choose('perf-output', output === 'excel' ? 'Excel' : output.toUpperCase());
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('perf-download').click()]);
      return { name: download.suggestedFilename(), path: await savedDownload(download) };
    };
    const html = await fileOf('html');
    expect(html.name).toMatch(/^jamon-\d+\.html$/);
    const htmlPage = await session.browser.newPage();
    await htmlPage.setContent(await readFile(html.path, 'utf8'));
    expect((await htmlPage.locator('th').allInnerTexts()).slice(0, 3)).toEqual(['Label', 'Units', 'Hits']);
    expect((await htmlPage.locator('tbody td:first-child').allInnerTexts()).some((t) => t.startsWith('call: '))).toBe(
      true,
    );
    await htmlPage.close();
    const xml = await fileOf('xml');
    const parsed = await page.evaluate(
      (text) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        return {
          error: doc.querySelector('parsererror') !== null,
          rows: doc.querySelectorAll('row').length,
          first: doc.querySelector('row cell')?.getAttribute('name'),
        };
      },
      await readFile(xml.path, 'utf8'),
    );
    expect(parsed).toMatchObject({ error: false, first: 'Label' });
    expect(parsed.rows).toBeGreaterThan(0);
    const csv = await fileOf('csv');
    const lines = (await readFile(csv.path, 'utf8'))
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0].split(',').slice(0, 3)).toEqual(['Label', 'Units', 'Hits']);
    // Rows only grow between two exports (the server keeps measuring: its own background statements
    // add labels), so the later CSV holds at least the XML's rows, and the call that serves the panel.
    expect(lines.length).toBeGreaterThanOrEqual(parsed.rows + 1);
    expect(lines.some((line) => line.replace(/^"/, '').startsWith('call: monitoring.perfInfo'))).toBe(true);
    const excel = await fileOf('excel');
    expect(excel.name).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(excel.path);
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Label', 'Units', 'Hits']);
    expect(sheet.rowCount).toBeGreaterThan(1);
  });

  it("shows the performance table's headers and options in Chinese", async () => {
    const page = await openPage(session.browser, session.server.url, 'zh');
    await signIn(page, session.server.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${session.server.url}/#/systemMoni/perf`);
    await page.getByTestId('perf-table').waitFor();
    const headers = await page.getByTestId('perf-table').locator('thead th').allInnerTexts();
    expect(headers.slice(0, 5)).toEqual(['标签', '单位', '次数', '平均', '总计']);
    expect(headers).toContain('10–20 毫秒');
    await page.getByTestId('perf-proxyAction').click();
    await expect(page.getByRole('option').allInnerTexts()).resolves.toEqual([
      '无操作',
      '全部启用',
      '全部禁用',
      '禁用 SQL',
      '禁用异常',
      '禁用接口',
      '启用结果集',
    ]);
    await page.keyboard.press('Escape');
    await screenshot(page, 'monitoring-perf-zh');
    await page.context().close();
  });

  it('shows the pool monitor, refreshing', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/#/systemMoni`);
    await page.getByRole('button', { name: 'Enter: Connection-pool monitor' }).click();
    await page.waitForURL(/#\/systemMoni\/pool/);
    const pool = page.getByTestId('pool-monitor');
    await page.getByTestId('pool-figures').waitFor();
    await expect(page.getByTestId('pool-figures-max').innerText()).resolves.toMatch(/Most it opens\s+\d+/);
    // Read again within the 5-second period (plus the poll's own timing): the time of the last answer moves.
    const readAt = Number(await pool.getAttribute('data-read-at'));
    expect(readAt).toBeGreaterThan(0);
    await expect
      .poll(async () => Number(await pool.getAttribute('data-read-at')), { timeout: 12_000 })
      .toBeGreaterThan(readAt);
    await expect(page.getByTestId('pool-kind').innerText()).resolves.toMatch(/PGlite|PostgreSQL/);
    const acquired = Number(
      (await page.getByTestId('pool-figures-acquired').locator('td').nth(1).innerText()).replace(/,/g, ''),
    );
    expect(acquired).toBeGreaterThan(0);
    await screenshot(page, 'monitoring-pool');
  });
});
