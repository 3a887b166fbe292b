// Work calendars in real Chromium (docs/adr/0055-work-calendars.md): Acme's administrator makes a calendar from the Calendars tab,
// opens Saturday mornings in its work week, adds a holiday and sees both in the month view (the month
// kept in the address, Page Down to the next month), imports holidays from an .ics file after a preview
// and exports the calendar as .ics; then the same screens in Traditional Chinese.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { fillFormField, openEnterpriseTab, openPage, signIn } from './support/pages.ts';
import { serverAndBrowser } from './support/session.ts';
import { savedDownload } from './support/downloads.ts';

const live = serverAndBrowser();

const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Atrium e2e//EN',
  'BEGIN:VEVENT',
  'UID:1@e2e',
  'DTSTART;VALUE=DATE:20270915',
  'DTEND;VALUE=DATE:20270916',
  'SUMMARY:Mid-Autumn Festival',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:2@e2e',
  'DTSTART;VALUE=DATE:20271001',
  'DTEND;VALUE=DATE:20271008',
  'SUMMARY:National Day',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

describe('work calendars', () => {
  it('makes a calendar, sets its week, adds a holiday and shows them in the month view', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'acme', 'Acme@2026');
    await openEnterpriseTab(page, live.server.url, 'Acme', 'calendars');
    await page.locator('.MuiDataGrid-row').filter({ hasText: 'Standard' }).waitFor();
    await screenshot(page, 'calendars-list');

    await page.getByTestId('action-new').click();
    await page.getByTestId('form-dialog-calendar.form').waitFor();
    await fillFormField(page, 'name', 'Weekend support');
    await page.getByTestId('form-save').click();
    await page.getByTestId('form-dialog-calendar.form').waitFor({ state: 'hidden' });
    await page.locator('.MuiDataGrid-row').filter({ hasText: 'Weekend support' }).click();
    await page.waitForURL(/#\/domain\/calendar\?.*calendarid=/);

    // The work week: Saturday 09:00–12:00; a reversed range is refused as typed.
    const saturday = page.getByTestId('weekday-6');
    await saturday.locator('input[type="checkbox"]').check();
    const start = saturday.getByLabel('Saturday, range 1: Start');
    await start.fill('13:00');
    await saturday.getByLabel('Saturday, range 1: End').fill('12:00');
    await saturday.getByText('A range must start before it ends.').waitFor();
    await expect(page.getByTestId('week-save').isDisabled()).resolves.toBe(true);
    await start.fill('09:00');
    await page.getByTestId('week-save').click();
    await page.getByRole('alert').filter({ hasText: 'The work week is saved.' }).first().waitFor();
    await screenshot(page, 'calendar-week');

    // An exception day: a holiday on Monday 14 June 2027.
    await page.getByTestId('view-tab-days').click();
    await page.getByTestId('action-new').click();
    const dialog = page.getByTestId('form-dialog-specialDay.form');
    await dialog.getByTestId('date-root_startDate').fill('2027-06-14');
    await dialog.getByTestId('date-root_endDate').fill('2027-06-14');
    await fillFormField(page, 'name', 'Dragon Boat Festival');
    await dialog.getByTestId('form-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.MuiDataGrid-row').filter({ hasText: 'Dragon Boat Festival' }).waitFor();
    await screenshot(page, 'calendar-days');

    // An extra working day with its own range.
    await page.getByTestId('action-new').click();
    await dialog.getByTestId('date-root_startDate').fill('2027-06-19');
    await dialog.locator('#root_kind').click();
    await page.getByRole('option', { name: 'Extra working day', exact: true }).click();
    await dialog.getByRole('button', { name: /add/i }).first().click();
    await dialog.locator('#root_ranges_0_start').fill('10:00');
    await dialog.locator('#root_ranges_0_end').fill('15:00');
    await screenshot(page, 'calendar-workday-dialog');
    await dialog.getByTestId('form-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.MuiDataGrid-row').filter({ hasText: '10:00-15:00' }).waitFor();

    // More holidays from an iCalendar file: previewed, nothing saved, then imported.
    await page.getByTestId('action-importIcs').click();
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'holidays.ics', mimeType: 'text/calendar', buffer: Buffer.from(ICS) });
    await page.getByTestId('upload-submit').click();
    const preview = page.getByTestId('ics-import-dialog');
    await expect.poll(() => preview.getByTestId('ics-import-preview').innerText()).toContain('2 new holidays');
    await expect.poll(() => preview.getByTestId('ics-import-commit').innerText()).toBe('Import');
    await screenshot(page, 'calendar-ics-preview');
    await preview.getByTestId('ics-import-commit').click();
    await preview.getByTestId('ics-import-result').waitFor();
    await preview.getByTestId('ics-import-close').click();
    await page.locator('.MuiDataGrid-row').filter({ hasText: 'Mid-Autumn Festival' }).waitFor();

    // The whole calendar exported as .ics: the week with its Saturday, the holidays, the extra working day.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('action-exportIcs').click()]);
    expect(download.suggestedFilename()).toBe('Weekend support.ics');
    const exported = await readFile(await savedDownload(download), 'utf8');
    expect(exported).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(exported).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA\r\n');
    expect(exported).toContain(
      'SUMMARY:Dragon Boat Festival\r\nDTSTART;VALUE=DATE:20270614\r\nDTEND;VALUE=DATE:20270615\r\n',
    );
    expect(exported).toContain('SUMMARY:Mid-Autumn Festival\r\nDTSTART;VALUE=DATE:20270915\r\n');
    expect(exported).toMatch(/DTSTART;TZID=[A-Za-z_/]+:20270619T100000\r\nDTEND;TZID=[A-Za-z_/]+:20270619T150000/);

    // The month view, from the address; Page Down moves to July and says so in the address.
    await page.goto(`${page.url().replace(/&(view|month)=[^&]*/g, '')}&view=month&month=2027-06`);
    await page.getByTestId('day-2027-06-14').waitFor();
    await expect(page.getByTestId('day-2027-06-14').getAttribute('data-state')).resolves.toBe('holiday');
    await expect(page.getByTestId('day-2027-06-12').getAttribute('data-state')).resolves.toBe('working');
    await expect(page.getByTestId('day-2027-06-13').getAttribute('data-state')).resolves.toBe('free');
    await expect(page.getByTestId('day-2027-06-19').getAttribute('data-state')).resolves.toBe('workday');
    await expect(page.getByTestId('day-2027-06-12').innerText()).resolves.toContain('09:00–12:00');
    await screenshot(page, 'calendar-month');
    await page.getByTestId('month-grid').focus();
    await page.keyboard.press('PageDown');
    await page.waitForURL(/month=2027-07/);
    await page.getByTestId('day-2027-07-31').waitFor();
    await page.context().close();
  });

  it('reads in Traditional Chinese', async () => {
    const page = await openPage(live.browser, live.server.url, 'cn');
    await signIn(page, live.server.url, 'acme', 'Acme@2026');
    await openEnterpriseTab(page, live.server.url, 'Acme', 'calendars');
    await page.getByRole('tab', { name: '工作日曆' }).waitFor();
    await page.locator('.MuiDataGrid-row').filter({ hasText: 'Standard' }).click();
    await page.waitForURL(/#\/domain\/calendar\?/);
    await page.getByText('星期六').waitFor();
    await screenshot(page, 'calendar-week-cn');
    await page.goto(`${page.url()}&view=month&month=2026-10`);
    await expect(page.getByTestId('day-2026-10-01').getAttribute('data-state')).resolves.toBe('holiday');
    await page.getByText('月檢視').first().waitFor();
    await screenshot(page, 'calendar-month-cn');
    await page.context().close();
  });
});
