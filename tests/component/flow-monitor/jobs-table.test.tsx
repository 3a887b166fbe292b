// Flow monitoring's jobs table alone (docs/adr/0140-jobs-in-flow-monitoring.md): an incident drawn as
// one with its error and no retries left; Retry on a failed job calls flows.retryJob and says so; Cancel
// only where the instance can do without the job, after a confirmation naming it; no button for a call
// the caller may not make.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DialogMessage } from '../../../src/console/runtime/dialog/useDialogMessage.ts';

const calls: Array<[string, unknown]> = [];
let allowed = ['flows.retryJob', 'flows.cancelJob'];
vi.mock('../../../src/console/api/client.ts', () => ({
  call: (id: string, args: unknown) => (calls.push([id, args]), Promise.resolve({})),
}));
vi.mock('../../../src/console/session/reach.ts', () => ({ mayCall: (id: string) => allowed.includes(id) }));
const { JobsTable } = await import('../../../src/console/plugins/flow-monitor/JobsTable.tsx');

const job = (over: Record<string, unknown>) => ({
  id: 'j1',
  kind: 'external' as const,
  nodeId: 'card',
  nodeName: 'Charge card',
  dueAt: '',
  topic: 'charge-card',
  state: 'incident' as const,
  retries: 0,
  lockedBy: '',
  lockedUntil: '',
  failedAt: '2026-11-29 02:00:00',
  error: 'card service down',
  retryable: true,
  cancellable: false,
  ...over,
});
const shown: string[] = [];
const messages = {
  message: null,
  show: (_severity: string, text: string) => void shown.push(text),
  showFailure: () => undefined,
  clear: () => undefined,
} as unknown as DialogMessage;

describe('the jobs table', () => {
  beforeEach(() => {
    calls.length = 0;
    shown.length = 0;
    allowed = ['flows.retryJob', 'flows.cancelJob'];
  });

  it('shows an incident with its error and retries it', async () => {
    render(<JobsTable jobs={[job({})]} messages={messages} />);
    const row = screen.getByTestId('flow-job-card');
    expect(row.textContent).toContain('External task');
    expect(row.textContent).toContain('Charge card (charge-card)');
    expect(row.textContent).toContain('Incident');
    expect(row.textContent).toContain('card service down');
    expect(within(row).queryByTestId('flow-job-cancel')).toBeNull();
    fireEvent.click(within(row).getByTestId('flow-job-retry'));
    await waitFor(() => expect(shown).toEqual(['The job will be tried again.']));
    expect(calls).toEqual([['flows.retryJob', { params: { id: 'j1' }, silent: true }]]);
  });

  it('cancels a job the instance can do without, once confirmed', async () => {
    const reminder = job({
      id: 'j2',
      kind: 'timer',
      nodeId: 'nudge',
      nodeName: 'Reminder',
      topic: '',
      dueAt: '2026-11-29 03:00:00',
      state: 'waiting',
      retries: 3,
      error: '',
      retryable: false,
      cancellable: true,
    });
    render(<JobsTable jobs={[reminder]} messages={messages} />);
    const row = screen.getByTestId('flow-job-nudge');
    expect(row.textContent).toContain('2026-11-29 03:00:00');
    expect(within(row).queryByTestId('flow-job-retry')).toBeNull();
    fireEvent.click(within(row).getByTestId('flow-job-cancel'));
    expect(screen.getByTestId('confirm-text').textContent).toContain('"Reminder"');
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(shown).toEqual(['The job has been cancelled.']));
    expect(calls).toEqual([['flows.cancelJob', { params: { id: 'j2' }, silent: true }]]);
  });

  it('offers no action the caller may not take, and says when there is no job', () => {
    allowed = [];
    const { unmount } = render(<JobsTable jobs={[job({ cancellable: true })]} messages={messages} />);
    expect(screen.queryByTestId('flow-job-retry')).toBeNull();
    expect(screen.queryByTestId('flow-job-cancel')).toBeNull();
    unmount();
    render(<JobsTable jobs={[]} messages={messages} />);
    expect(screen.getByTestId('flow-jobs-none').textContent).toBe(
      'The instance waits for no timer, message or external task.',
    );
  });
});
