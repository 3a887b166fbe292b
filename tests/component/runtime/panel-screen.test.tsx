// The panel screen kind and the task runtime's other generic pieces (docs/adr/0157-task-runtime-in-yaml.md)
// alone in happy-dom, drawing the catalogue's own runtime.instance panel over a stubbed server with the
// documentation sign-in in memory: the read carries the sign-in and the URL's instance; facts, the
// current approvers, the read-only form, the diagram renderer's value and the history (the engine named);
// actions by their rules over the answer (approve on one's own task, retract after a confirmation
// otherwise); the task a row opened read, the task shown approved; Close clears the instance from the URL.
// Also: signIn route values, optional route values, a list detail's URL values (two tasks of one
// instance two rows) and a form whose schema comes with its record.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleScreen } from '../../../src/console/runtime/screen-types.ts';
import { catalogue } from '../support/catalogue.ts';
import { withDiagramStub } from '../support/diagram-stub.tsx';
import { ALL_CALLS, signInWith } from '../support/signed-in.ts';
import { setRuntimeCredential } from '../../../src/console/api/runtime-sign-in.ts';
import { CatalogueContext } from '../../../src/console/runtime/catalogue-context.ts';
import { RegistryContext } from '../../../src/console/runtime/registry-context.ts';
import PanelScreen from '../../../src/console/runtime/panel/PanelScreen.tsx';
import { resolveArgs } from '../../../src/console/runtime/call-args.ts';
import { toggleDetail, hideDetail } from '../../../src/console/runtime/list/detail-url.ts';
import { withRecordSchema } from '../../../src/console/runtime/dialog/record-schema.ts';

const SIGN_IN = { accessToken: 'T0', userCode: 'acme124', userName: 'Ann', domainName: 'Acme' };

const instance = (myTask: boolean, status = 'running') => ({
  instance: {
    id: 'I1',
    flowName: 'Leave approval',
    title: 'Two days',
    status,
    initiator: 'Bob',
    startedAt: '2026-11-29T08:00:00.000Z',
    formData: { reason: 'Family visit' },
  },
  fields: [],
  form: { schema: { type: 'object', properties: { reason: { type: 'string', title: 'Reason' } } }, uiSchema: {} },
  myTask: myTask ? { taskId: 'T1', nodeId: 'n1', nodeName: 'Manager approval' } : null,
  current: [{ nodeId: 'n1', nodeName: 'Manager approval', approvers: [{ id: 'u1', name: 'Ann', loginno: 'acme124' }] }],
  history: [
    { at: '2026-11-29 08:00:00', action: 'start', actor: '', nodeName: 'Request', toNodes: ['n1'], comment: '' },
  ],
  diagram: { xml: '<bpmn/>' },
});

let answer: unknown;
let sent: Array<{ method: string; url: URL }>;
beforeEach(() => {
  sent = [];
  signInWith(ALL_CALLS);
  setRuntimeCredential(SIGN_IN);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    sent.push({ method: init.method ?? 'GET', url: new URL(url, 'http://console.test') });
    const data = init.method === 'POST' ? { instanceId: 'I1', status: 'deleted', tasks: [] } : answer;
    return new Response(JSON.stringify({ errcode: 0, errmsg: '', data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => (vi.unstubAllGlobals(), setRuntimeCredential(null)));

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function draw(at = '/?view=todo&instance=I1&app=A1&flow=F1') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CatalogueContext.Provider value={catalogue}>
        <RegistryContext.Provider value={withDiagramStub}>
          <MemoryRouter initialEntries={[at]}>
            <PanelScreen
              screen={{ ...catalogue.screens['runtime.instance'], id: 'runtime.instance' } as ConsoleScreen}
            />
            <Where />
          </MemoryRouter>
        </RegistryContext.Provider>
      </CatalogueContext.Provider>
    </QueryClientProvider>,
  );
}

describe('the panel screen', { timeout: 30_000 }, () => {
  it('reads the instance with the sign-in and draws its parts; approve shows on one’s own task', async () => {
    answer = instance(true);
    draw();
    const facts = await screen.findByTestId('runtime-instance-facts');
    const read = sent.find((s) => s.url.pathname === '/rest/bpm/query/instance')!;
    expect(Object.fromEntries(read.url.searchParams)).toEqual({
      accessToken: 'T0',
      userCode: 'acme124',
      instanceId: 'I1',
      applicationId: 'A1',
      flowId: 'F1',
    });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Leave approval — Two days');
    expect(facts.textContent).toContain('Running');
    expect(facts.textContent).toContain('Manager approval');
    expect(within(screen.getByTestId('runtime-current')).getByText('Ann (acme124)')).toBeTruthy();
    expect((document.querySelector('#runtime-form_reason') as HTMLInputElement).value).toBe('Family visit');
    expect(screen.getByTestId('diagram-stub').textContent).toBe('<bpmn/>');
    expect(screen.getByTestId('flow-history').textContent).toContain('the engine');
    expect(screen.getByTestId('runtime-instance-approve')).toBeTruthy();
    expect(screen.getByTestId('runtime-instance-back')).toBeTruthy();
    expect(screen.queryByTestId('runtime-instance-retract')).toBeNull();
  });

  it('reads the task a "my tasks" row opened, and approves the task it shows (docs/adr/0255-runtime-actions-name-the-task.md)', async () => {
    // The URL names T9 (done since, say); the server shows the caller's task it has, T1: approving sends T1.
    answer = instance(true);
    draw('/?view=todo&instance=I1&app=A1&flow=F1&task=T9');
    await screen.findByTestId('runtime-instance-facts');
    const read = sent.find((s) => s.url.pathname === '/rest/bpm/query/instance')!;
    expect(read.url.searchParams.get('taskId')).toBe('T9');
    fireEvent.click(screen.getByTestId('runtime-instance-approve'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Approve' }, { timeout: 10_000 }));
    await waitFor(() => expect(sent.some((s) => s.method === 'POST')).toBe(true));
    const approve = sent.find((s) => s.method === 'POST')!;
    expect(approve.url.pathname).toBe('/rest/bpm/runtime/submission');
    expect(approve.url.searchParams.get('instanceId')).toBe('I1');
    expect(approve.url.searchParams.get('taskId')).toBe('T1');
  });

  it('retracts after a confirmation, with the sign-in and the instance, and Close clears the URL', async () => {
    answer = instance(false);
    draw();
    fireEvent.click(await screen.findByTestId('runtime-instance-retract'));
    expect(screen.queryByTestId('runtime-instance-approve')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: /ok|confirm|yes/i }));
    await waitFor(() => expect(sent.some((s) => s.method === 'POST')).toBe(true));
    const retract = sent.find((s) => s.method === 'POST')!;
    expect(retract.url.pathname).toBe('/rest/bpm/runtime/retracement');
    expect(retract.url.searchParams.get('accessToken')).toBe('T0');
    expect(retract.url.searchParams.get('instanceId')).toBe('I1');
    fireEvent.click(screen.getByTestId('runtime-instance-close'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?view=todo'));
  });

  it('shows no retract on an ended instance', async () => {
    answer = instance(false, 'completed');
    draw();
    await screen.findByTestId('runtime-instance-facts');
    expect(screen.queryByTestId('runtime-instance-retract')).toBeNull();
    // A fact without a value is left out: no task of the caller's here.
    expect(screen.getByTestId('runtime-instance-facts').textContent).not.toContain('Your task');
  });
});

describe('the task runtime pieces', () => {
  it('reads signIn.<field> route values from the sign-in, and misses them without one', () => {
    const url = new URLSearchParams('instance=I1');
    const args = { query: { accessToken: 'signIn.accessToken', instanceId: 'instance' } };
    expect(resolveArgs(args, url, SIGN_IN).query).toEqual({ accessToken: 'T0', instanceId: 'I1' });
    expect(resolveArgs(args, url, null).missing).toEqual(['signIn.accessToken']);
  });

  it('puts a row detail and its companions in the URL, and takes them all away again', () => {
    const detail = { param: 'instance', screen: 's', value: 'instanceId', with: { app: 'applicationId' } };
    const row = { instanceId: 'I1', applicationId: 'A1' };
    const shown = toggleDetail(new URLSearchParams('view=todo'), detail, row, 'I1/T1');
    expect(shown.toString()).toBe('view=todo&instance=I1&app=A1');
    expect(toggleDetail(shown, detail, row, 'I1/T1').toString()).toBe('view=todo');
    expect(hideDetail(shown, detail).toString()).toBe('view=todo');
    // Two tasks of one instance are two rows: the other one shows instead of closing.
    const tasks = { ...detail, with: { app: 'applicationId', task: 'taskId' } };
    const one = toggleDetail(new URLSearchParams('view=todo'), tasks, { ...row, taskId: 'T1' }, 'I1/T1');
    expect(one.toString()).toBe('view=todo&instance=I1&app=A1&task=T1');
    expect(toggleDetail(one, tasks, { ...row, taskId: 'T2' }, 'I1/T2').toString()).toBe(
      'view=todo&instance=I1&app=A1&task=T2',
    );
  });

  it('leaves an optional route value out when the URL lacks it, and still makes the call', () => {
    const args = { query: { instanceId: 'instance', taskId: 'task?' } };
    expect(resolveArgs(args, new URLSearchParams('instance=I1'), SIGN_IN)).toEqual({
      params: {},
      query: { instanceId: 'I1' },
      body: {},
      missing: [],
    });
    expect(resolveArgs(args, new URLSearchParams('instance=I1&task=T2'), SIGN_IN).query).toEqual({
      instanceId: 'I1',
      taskId: 'T2',
    });
  });

  it('draws an object property with the schema its record brought, keeping the property’s caption', () => {
    const layout = {
      schema: { type: 'object', properties: { formData: { type: 'object', title: 'Form' } } },
      uiSchema: {},
    };
    const form = {
      schema: { type: 'object', properties: { days: { type: 'number' } } },
      uiSchema: { days: { 'ui:x': 1 } },
    };
    const drawn = withRecordSchema(layout, { field: 'formData', from: 'form' }, { form });
    expect(drawn.schema.properties).toEqual({
      formData: { type: 'object', properties: { days: { type: 'number' } }, title: 'Form', description: undefined },
    });
    expect(drawn.uiSchema).toEqual({ formData: { days: { 'ui:x': 1 } } });
    expect(withRecordSchema(layout, { field: 'formData', from: 'form' }, {})).toBe(layout);
  });
});
