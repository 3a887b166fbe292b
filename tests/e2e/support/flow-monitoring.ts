// What the flow-monitoring journeys share: an instance started through the runtime REST with the
// enterprise's access token, as a program would, the detail opened and its intervention's choices, and
// the detail's process diagram as drawn.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './browser.ts';
import { csrfHeaders } from './pages.ts';

type Reply<T> = { errcode: number; errmsg: string; data: T };
const json = async <T>(response: Promise<{ json(): Promise<unknown> }>) => (await (await response).json()) as Reply<T>;

/** Starts `processId` of the enterprise's software with `formData`, as the first of its on-job users
 *  (or `userCode`) who may; answers the instance, its application and the query a later runtime call
 *  of that user needs. */
export async function startThroughRuntime(
  page: Page,
  url: string,
  domainId: string,
  start: { processId: string; summary: string; formData: Record<string, unknown>; userCode?: string },
): Promise<{
  instanceId: string;
  applicationId: string;
  query: { accessToken: string; userCode: string; applicationId: string; flowId: string };
}> {
  const { data: secret } = await json<{ secret: string }>(
    page.request.put(`${url}/authtime/domain/${domainId}/secret`, { headers: await csrfHeaders(page) }),
  );
  const { data: token } = await json<{ accessToken: string }>(
    page.request.get(`${url}/rest/accessToken`, { params: { secret: secret.secret } }),
  );
  const { data: services } = await json<Array<{ applicationId: string; processId: string }>>(
    page.request.get(`${url}/authtime/domain/${domainId}/services`),
  );
  const service = services.find((s) => s.processId === start.processId)!;
  const { data: users } = await json<{ datas: Array<{ loginno: string }> }>(
    page.request.post(`${url}/authtime/domain/${domainId}/users?currpage=1&pagelines=20`, {
      data: { status: '1' },
      headers: await csrfHeaders(page),
    }),
  );
  const codes = start.userCode ? [start.userCode] : users.datas.map((u) => u.loginno);
  for (const userCode of codes) {
    const query = {
      accessToken: token.accessToken,
      userCode,
      applicationId: service.applicationId,
      flowId: start.processId,
    };
    const started = await json<{ instanceId: string }>(
      page.request.post(`${url}/rest/bpm/runtime/start`, {
        params: query,
        data: { summary: start.summary, formData: start.formData },
      }),
    );
    if (started.errcode === 0)
      return { instanceId: started.data.instanceId, applicationId: service.applicationId, query };
  }
  throw new Error(`no Acme user could start ${start.processId}`);
}

/** Sends the message `messageName` with `variables` to the instance through the runtime REST, with the
 *  query `startThroughRuntime` answered, as the program that learns of it does; fails on a refusal. */
export async function correlateThroughRuntime(
  page: Page,
  url: string,
  query: { accessToken: string; userCode: string; applicationId: string; flowId: string },
  message: { instanceId: string; messageName: string; variables: Record<string, unknown> },
) {
  const sent = await json<unknown>(
    page.request.post(`${url}/rest/bpm/runtime/message`, { params: query, data: message }),
  );
  expect(sent.errcode, sent.errmsg).toBe(0);
}

/** The bound of a wait on the server's work (an install, the detail's reads, an intervention, a retry): the
 *  browser stage runs beside the API tests, which keep both cores busy. */
export const SLOW = 60_000;

/** Runs `wait` as the journey's step `name`: a failure (a wait's timeout says only "locator.waitFor") is
 *  rethrown naming the step, and the page as it was then is kept as `failed-<step>.png` beside the
 *  journeys' screenshots, so a run that needed its retry says what it waited for and what it saw. */
export async function step<T>(page: Page, name: string, wait: () => Promise<T>): Promise<T> {
  try {
    return await wait();
  } catch (error) {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = join(SCREENSHOT_DIR, `failed-${name.replace(/[^\w-]+/g, '-').slice(0, 80)}.png`);
    const kept = await page.screenshot({ path: file, fullPage: true }).then(
      () => ` (the page then: ${file})`,
      () => '',
    );
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`step "${name}" failed${kept}: ${why}`, { cause: error });
  }
}

/** Waits for `dialog` to close after the action that closes it (`what`: the step's name). */
export const closed = (page: Page, dialog: Locator, what: string) =>
  step(page, `${what}: the dialog closes`, () => dialog.waitFor({ state: 'detached', timeout: SLOW }));

/** Installs a bare .bpmn drawing into the Office application through the applications list's install
 *  action, as an administrator does; the install's wait is bounded at 60 s (the browser stage runs beside
 *  the API tests, which keep both cores busy). */
export async function installDrawing(page: Page, url: string, name: string, xml: string) {
  await page.goto(`${url}/#/applications`);
  await step(page, `install ${name}: open Office's install`, () =>
    page
      .locator('.MuiDataGrid-row')
      .filter({ hasText: 'Office' })
      .locator('[data-testid^="row-installProcess-"]')
      .click(),
  );
  await page.getByTestId('upload-input').setInputFiles({ name, mimeType: 'application/xml', buffer: Buffer.from(xml) });
  await page.getByTestId('upload-submit').click();
  const dialog = page.getByTestId('package-install-dialog');
  await step(page, `install ${name}: commit`, () => dialog.getByTestId('package-install-commit').click());
  await step(page, `install ${name}: installed`, () =>
    dialog.getByTestId('package-install-done').waitFor({ timeout: SLOW }),
  );
  await dialog.getByTestId('package-install-close').click();
}

/** The detail's process diagram once drawn: the SVG's node ids, and those marked current and done. */
export async function drawnDiagram(dialog: Locator) {
  const figure = dialog.getByTestId('flow-diagram');
  await step(dialog.page(), 'the diagram is drawn', () =>
    expect.poll(() => figure.getAttribute('data-state')).toBe('drawn'),
  );
  // External labels (events', gateways' names) are shapes of their own, `<node id>_label`.
  const ids = async (selector: string) =>
    (
      await figure
        .locator(`svg g.djs-shape${selector}`)
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-element-id') ?? ''))
    )
      .filter((id) => !id.endsWith('_label'))
      .sort();
  return { shapes: await ids(''), active: await ids('.flow-node-active'), done: await ids('.flow-node-done') };
}

/** Opens the instance's detail from the monitoring list, once its intervention part is there. */
export async function openDetail(page: Page, summary: string): Promise<Locator> {
  await step(page, `open the detail of "${summary}"`, () =>
    page.locator('.MuiDataGrid-row', { hasText: summary }).getByText(summary).click(),
  );
  const dialog = page.getByTestId('flow-detail-dialog');
  await step(page, `the detail of "${summary}" shows its intervention`, () =>
    dialog.getByTestId('intervention').waitFor({ timeout: SLOW }),
  );
  return dialog;
}

/** Opens the intervention's node choice labelled `label` (enabled once its nodes are read). MUI's Select
 *  opens on the press and closes on a release outside the choice: should the dialog's content move between
 *  the two on a loaded machine, the menu is gone at once, so a choice not open after the click is opened again. */
async function openNodeChoice(page: Page, dialog: Locator, label: string): Promise<void> {
  const listbox = page.getByRole('listbox');
  for (let attempt = 1; ; attempt++) {
    await dialog.getByRole('combobox', { name: label }).click({ timeout: SLOW });
    try {
      await listbox.waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Opens the intervention's node choice, labelled `label`, and answers the options' texts. */
export async function nodeOptions(page: Page, dialog: Locator, label: string): Promise<string[]> {
  await step(page, `open "${label}"`, () => openNodeChoice(page, dialog, label));
  const options = page.getByRole('option');
  await step(page, `"${label}" offers its nodes`, () => options.first().waitFor({ timeout: SLOW }));
  return options.allInnerTexts();
}

/** Chooses the node matching `name` in the intervention's node choice, labelled `label`. */
export async function chooseNode(page: Page, dialog: Locator, label: string, name: RegExp) {
  await step(page, `open "${label}"`, () => openNodeChoice(page, dialog, label));
  await step(page, `choose ${String(name)} in "${label}"`, () => page.getByRole('option', { name }).click());
}

/** An instance of a multi-instance sub-process as the choice names it ("Instance 2: Ann Lee (acme124)"):
 *  its number, the user it names (captured) and their login number; `word` and `colon` for another language. */
export const instanceChoice = (number: number, login: string, word = 'Instance', colon = ': ') =>
  new RegExp(`^${word} ${number}${colon}(\\S.*) \\(${login}\\)$`);
