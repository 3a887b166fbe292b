// Every instance samples itself every 5 s into server_samples (docs/adr/0059-system-monitoring.md), so whichever instance answers can
// draw any instance's charts; a day of rows is kept (17,280 per instance), older ones are purged.
import { hostname } from 'node:os';
import { sql, type Selectable } from 'kysely';
import type { Db, ServerSamples } from '../db/schema.ts';
import { processFigures } from './process-figures.ts';

export const SAMPLE_EVERY_MS = 5_000;
const PURGE_EVERY_SAMPLES = 60;

export interface ServerSampler {
  /** This instance's name in the samples: host and process id (and a number when a process runs several). */
  instance: string;
  /** Measures now and stores the sample, answering the row stored (the periodic round calls it; so
   *  does a first request). */
  sample(): Promise<Omit<Selectable<ServerSamples>, 'instance'>>;
  /** Starts the 5-second round; answers its stop. */
  start(onError: (error: unknown) => void): () => Promise<void>;
}

/** Apps built in one process (tests start several) are told apart by a number after the first. */
let built = 0;

export function serverSampler(db: Db): ServerSampler {
  built += 1;
  const instance = `${hostname()}#${process.pid}${built > 1 ? `.${built}` : ''}`;
  const measure = processFigures();
  let taken = 0;
  const sample = async () => {
    const figures = measure();
    const row = {
      at: new Date(),
      cpu_load: figures.cpuLoad,
      thread_num: figures.threadNum,
      heap_used: figures.heapSizeUsed,
      non_heap_used: figures.nonHeapSizeUsed,
      rss: figures.totalMemorySize,
    };
    await db
      .insertInto('server_samples')
      .values({ instance, ...row })
      .onConflict((oc) => oc.columns(['instance', 'at']).doNothing())
      .execute();
    if (taken++ % PURGE_EVERY_SAMPLES === 0)
      await db
        .deleteFrom('server_samples')
        .where('at', '<', sql<Date>`now() - interval '1 day'`)
        .execute();
    return row;
  };
  return {
    instance,
    sample,
    start(onError) {
      let running: Promise<unknown> = Promise.resolve();
      const timer = setInterval(() => {
        running = sample().catch(onError);
      }, SAMPLE_EVERY_MS);
      timer.unref();
      running = sample().catch(onError);
      return async () => {
        clearInterval(timer);
        await running;
      };
    },
  };
}
