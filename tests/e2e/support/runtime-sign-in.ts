// The task runtime's way in (docs/adr/0132-task-runtime-and-bare-bpmn.md): on the debug page, signed in as
// the super administrator, a documentation sign-in as one of Acme's users of the Office application,
// then the runtime's screen. Shared by the runtime's journeys.
import type { Page } from 'playwright-core';
import { tick } from './pages.ts';

/** Picks an option of the select with `testId`. */
export async function choose(page: Page, testId: string, option: string | RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Chooses `option` in the select of the API documentation's sign-in form field `field`. */
export async function chooseField(page: Page, field: string, option: string): Promise<void> {
  await page.getByTestId('api-docs-form').locator(`#root_${field}`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The user picked in the sign-in form, as its chip says it: "name (login number)". */
export const pickedUser = (page: Page) =>
  page.getByTestId('api-docs-form').locator('[data-testid^="user-picker-chip-"]').innerText();

/** The runtime credential the sign-in answered, as a program would use it with the runtime REST. */
export interface RuntimeUser {
  login: string;
  accessToken: string;
}

/** Signs in on the debug page as the Acme user whose login number is `login` (the first match when
 *  `login` is a part of it, the user with exactly that login number when `exact`) and opens the task
 *  runtime; answers the user's login number and the sign-in's access token. */
export async function actAs(page: Page, url: string, login: string, exact = false): Promise<RuntimeUser> {
  // The banner's End now shows once the page has read the current sign-in: its answer decides, not
  // whether the banner happens to be drawn yet (a slow page would be taken for a signed-out one).
  const current = page.waitForResponse(
    (r) => r.url().endsWith('/authtime/swagger/signin') && r.request().method() === 'GET',
  );
  await page.goto(`${url}/#/debug`);
  const { data } = (await (await current).json()) as { data?: { active?: boolean } };
  const signOut = page.getByTestId('api-docs-end');
  if (data?.active) {
    await signOut.click();
    await signOut.waitFor({ state: 'hidden' });
  }
  const form = page.getByTestId('api-docs-form');
  await chooseField(page, 'applicationId', 'Office');
  await chooseField(page, 'domainid', 'Acme');
  await form.getByTestId('user-picker-choose').click();
  const pick = page.getByTestId('user-select-dialog');
  await pick.getByTestId('user-select-keyword').fill(login);
  const row = pick
    .locator('.MuiDataGrid-row')
    .filter({ hasText: exact ? new RegExp(`${login}(?!\\d)`) : login })
    .first();
  await row.waitFor();
  await tick(row.locator('input[type="checkbox"]'));
  await pick.getByTestId('user-select-confirm').click();
  await pick.waitFor({ state: 'hidden' });
  const picked = await pickedUser(page);
  await form.locator('#root_reason').fill('Try the task runtime');
  const answered = page.waitForResponse((r) => r.url().includes('/authtime/swagger/login'));
  await page.getByTestId('api-docs-form-submit').click();
  const reply = (await (await answered).json()) as { data: { accessToken: string } };
  await page.getByTestId('api-docs-runtime').click();
  await page.waitForURL(/#\/debug\/runtime/);
  await page.getByTestId('runtime-acting').waitFor();
  return { login: /\(([^)]+)\)$/.exec(picked)![1], accessToken: reply.data.accessToken };
}
