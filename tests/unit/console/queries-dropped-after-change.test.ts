// The data layer drops a reading whose last reader left while it was being read again after a change
// (a dialog closed by the change it made): the copy from before the change is never shown again.
import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../src/console/api/queries.ts';

function reader(key: string, answers: string[]) {
  const observer = new QueryObserver(queryClient, {
    queryKey: [key],
    // Consumes the signal as the console's reads do, so leaving cancels the read in flight.
    queryFn: ({ signal }) =>
      new Promise<string>((resolve) => {
        const answer = answers.shift();
        if (answer !== undefined) resolve(answer);
        else signal.addEventListener('abort', () => resolve('aborted'));
      }),
  });
  const stop = observer.subscribe(() => {});
  return { observer, stop };
}

describe('readings left during a reread', () => {
  it('are dropped, so the next reader waits for its own answer', async () => {
    const { observer, stop } = reader('gadgets.get:dropped', ['before the change']);
    await expect.poll(() => observer.getCurrentResult().data).toBe('before the change');
    void queryClient.invalidateQueries({ queryKey: ['gadgets.get:dropped'] });
    stop();
    expect(queryClient.getQueryData(['gadgets.get:dropped'])).toBeUndefined();
  });

  it('are kept when nothing changed since they were read', async () => {
    const { observer, stop } = reader('gadgets.get:kept', ['unchanged']);
    await expect.poll(() => observer.getCurrentResult().data).toBe('unchanged');
    stop();
    expect(queryClient.getQueryData(['gadgets.get:kept'])).toBe('unchanged');
  });
});
