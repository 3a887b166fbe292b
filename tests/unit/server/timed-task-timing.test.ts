// When a timed task runs (docs/adr/0057-timed-tasks.md): each period's croner pattern from the run time and first run date, the
// one-shot instants, and the bans of ATRIUM_BANNED_TASKS.
import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { PLATFORM_TASKS, withBans } from '../../../src/server/timed-tasks/platform-tasks.ts';
import { cronPattern, oneShotAt } from '../../../src/server/timed-tasks/timing.ts';

const now = new Date(2026, 10, 25, 20, 15, 0); // a Wednesday
const next = (pattern: string, from: Date) => new Cron(pattern, { paused: true }).nextRun(from)!;

describe('timed task timing', () => {
  it('turns each repeating period into a pattern with seconds', () => {
    const at = (period: Parameters<typeof cronPattern>[0]['period'], runDate: string | null = null) =>
      cronPattern({ period, runTime: '02:30:15', runDate }, now);
    expect(at('minute')).toBe('15 * * * * *');
    expect(at('hour')).toBe('15 30 * * * *');
    expect(at('day')).toBe('15 30 2 * * *');
    expect(at('weekday')).toBe('15 30 2 * * 1-5');
    // Week and month from the first run date (2026-12-07 is a Monday), else from today.
    expect(at('week', '2026-12-07')).toBe('15 30 2 * * 1');
    expect(at('week')).toBe('15 30 2 * * 3');
    expect(at('month', '2026-12-07')).toBe('15 30 2 7 * *');
    expect(at('none')).toBeNull();
    expect(at('immediately')).toBeNull();
    expect(cronPattern({ period: 'day', runTime: '07:05', runDate: null })).toBe('0 5 7 * * *');
  });

  it('runs a weekday task on Monday after a Friday', () => {
    const friday = new Date(2026, 10, 27, 3, 0, 0);
    expect(next(cronPattern({ period: 'weekday', runTime: '02:30', runDate: null })!, friday)).toEqual(
      new Date(2026, 10, 30, 2, 30, 0),
    );
  });

  it('places a one-shot run on its date and time, or now', () => {
    expect(oneShotAt({ period: 'none', runTime: '09:00', runDate: '2026-12-01' }, now)).toEqual(
      new Date(2026, 11, 1, 9, 0, 0),
    );
    expect(oneShotAt({ period: 'none', runTime: '21:00', runDate: null }, now)).toEqual(
      new Date(2026, 10, 25, 21, 0, 0),
    );
    expect(oneShotAt({ period: 'immediately', runTime: '21:00', runDate: null }, now)).toBe(now);
    expect(oneShotAt({ period: 'hour', runTime: '21:00', runDate: null }, now)).toBeNull();
  });

  it('bans the tasks ATRIUM_BANNED_TASKS names, and only those', () => {
    const types = (env: NodeJS.ProcessEnv) =>
      Object.fromEntries(withBans(PLATFORM_TASKS, env).map((t) => [t.id, t.startType]));
    const all = {
      passwordNotices: 'auto',
      taskMail: 'auto',
      sessionPurge: 'auto',
      taskRunPurge: 'auto',
      directorySync: 'auto',
      figureDays: 'auto',
    };
    expect(types({})).toEqual(all);
    expect(types({ ATRIUM_BANNED_TASKS: ' taskMail, unknown ' })).toEqual({ ...all, taskMail: 'banned' });
  });
});
