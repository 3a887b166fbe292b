// The server charts' calls (spec/domain-console.md, "System monitoring" (Server charts), docs/adr/0059-system-monitoring.md): a range of one instance's samples,
// at most 101 points (averaged per interval when the range holds more), and its newest sample.
import { sql, type Selectable } from 'kysely';
import type { Db, ServerSamples } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { SAMPLE_EVERY_MS } from '../../monitoring/server-sampler.ts';
import type { CallHandler } from '../handler.ts';

export const MAX_POINTS = 101;

type SampleRow = Omit<Selectable<ServerSamples>, 'instance'>;

const two = (n: number) => String(n).padStart(2, '0');
const one = (n: number) => Math.round(Number(n) * 10) / 10;

function toSample(row: SampleRow) {
  const at = new Date(row.at);
  return {
    time: `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`,
    at: at.toISOString(),
    cpuLoad: one(row.cpu_load),
    threadNum: Math.round(Number(row.thread_num)),
    heapSizeUsed: one(row.heap_used),
    nonHeapSizeUsed: one(row.non_heap_used),
    totalMemorySize: one(row.rss),
  };
}

/** The newest samples (no range), or the range's samples averaged over equal intervals. */
function readSamples(db: Db, instance: string, minutes: number | undefined): Promise<SampleRow[]> {
  const own = db.selectFrom('server_samples').where('instance', '=', instance);
  if (minutes === undefined)
    return own
      .select(['at', 'cpu_load', 'thread_num', 'heap_used', 'non_heap_used', 'rss'])
      .orderBy('at', 'desc')
      .limit(MAX_POINTS)
      .execute();
  const seconds = Math.max(SAMPLE_EVERY_MS / 1000, Math.ceil((minutes * 60) / MAX_POINTS));
  // Grouped by the bucket's output name: the same expression written twice with a parameter would be
  // two expressions to PostgreSQL.
  return own
    .where('at', '>=', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .select([
      sql<number>`floor(extract(epoch from at) / ${seconds})`.as('bucket'),
      sql<Date>`max(at)`.as('at'),
      sql<number>`avg(cpu_load)`.as('cpu_load'),
      sql<number>`avg(thread_num)`.as('thread_num'),
      sql<number>`avg(heap_used)`.as('heap_used'),
      sql<number>`avg(non_heap_used)`.as('non_heap_used'),
      sql<number>`avg(rss)`.as('rss'),
    ])
    .groupBy(sql`bucket`)
    .orderBy(sql`bucket`, 'desc')
    .limit(MAX_POINTS)
    .execute();
}

export const history: CallHandler<'monitoring.history'> = async (ctx) => {
  const { db, sampler } = ctx.services;
  const instance = ctx.query.instance || sampler.instance;
  const instances = await db
    .selectFrom('server_samples')
    .select(['instance', sql<Date>`max(at)`.as('last')])
    .where('at', '>=', sql<Date>`now() - interval '1 day'`)
    .groupBy('instance')
    .orderBy('last', 'desc')
    .execute();
  if (instance !== sampler.instance && !instances.some((i) => i.instance === instance))
    throw new AppError('notFound', undefined, 'monitor.msg.noInstance');
  const rows = await readSamples(db, instance, ctx.query.time);
  return {
    instance,
    instances: instances.map((i) => ({
      id: i.instance,
      lastSample: new Date(i.last).toISOString(),
      current: i.instance === sampler.instance,
    })),
    samples: rows.reverse().map(toSample),
  };
};

export const newestSample: CallHandler<'monitoring.sample'> = async (ctx) => {
  const { db, sampler } = ctx.services;
  const instance = ctx.query.instance || sampler.instance;
  const row = await db
    .selectFrom('server_samples')
    .select(['at', 'cpu_load', 'thread_num', 'heap_used', 'non_heap_used', 'rss'])
    .where('instance', '=', instance)
    .where('at', '>=', sql<Date>`now() - interval '1 day'`)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row) return toSample(row);
  if (instance !== sampler.instance) throw new AppError('notFound', undefined, 'monitor.msg.noInstance');
  return toSample(await sampler.sample());
};
