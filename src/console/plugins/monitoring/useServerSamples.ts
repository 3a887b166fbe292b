// The server charts' data (domain spec §2.3 "Server charts"): the range and the instance in the URL
// (`time` in minutes, none = the newest samples; `instance`), the range's history on open and on every
// change, then one new sample every 5 s appended, at most 101 kept; polling stops when the view is left.
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { withParams } from '../../runtime/query-params.ts';
import type { Calls } from '../../../core/generated/api-types.ts';

export const RANGES = ['', '5', '10', '30', '60', '120', '180', '360', '720', '1440'] as const;
export const SAMPLE_EVERY_MS = 5_000;
export const MAX_POINTS = 101;

export type Sample = Calls['monitoring.sample']['reply'];
type Instances = Calls['monitoring.history']['reply']['instances'];

interface Answer {
  /** The range and instance this answer is of: another choice reads as loading until its own comes. */
  key: string;
  samples: Sample[] | null;
  shown?: { instance: string; instances: Instances };
  error?: string;
}

export function useServerSamples() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('time') ?? '';
  const range = (RANGES as readonly string[]).includes(asked) ? asked : '';
  const instance = params.get('instance') ?? '';
  const key = `${range}|${instance}`;
  const [answer, setAnswer] = useState<Answer | null>(null);

  const choose = useCallback(
    (next: { time?: string; instance?: string }) => setParams((now) => withParams(now, next)),
    [setParams],
  );

  useEffect(() => {
    let current = true;
    const update = (change: (now: Answer) => Answer) =>
      current && setAnswer((now) => change(now?.key === key ? now : { key, samples: null }));
    const query = { ...(range ? { time: Number(range) } : {}), ...(instance ? { instance } : {}) };
    call('monitoring.history', { query, silent: true }).then(
      (reply) =>
        update(() => ({
          key,
          samples: reply.samples,
          shown: { instance: reply.instance, instances: reply.instances },
        })),
      (e: Error) => update((now) => ({ ...now, error: e.message })),
    );
    const timer = setInterval(() => {
      call('monitoring.sample', { query: instance ? { instance } : {}, silent: true }).then(
        (sample) =>
          update((now) => ({
            ...now,
            error: undefined,
            samples:
              now.samples === null || now.samples.at(-1)?.at === sample.at
                ? now.samples
                : [...now.samples, sample].slice(-MAX_POINTS),
          })),
        (e: Error) => update((now) => ({ ...now, error: e.message })),
      );
    }, SAMPLE_EVERY_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [range, instance, key]);

  const mine = answer?.key === key ? answer : null;
  return {
    range,
    instance: mine?.shown?.instance ?? instance,
    instances: mine?.shown?.instances ?? [],
    samples: mine?.samples ?? null,
    error: mine?.error ?? null,
    choose,
  };
}
