// The connection-pool monitor's call (docs/adr/0062-performance-monitor.md): the answering instance's database pool now.
import type { CallHandler } from '../handler.ts';

export const poolStatus: CallHandler<'monitoring.pool'> = (ctx) => ({
  instance: ctx.services.sampler.instance,
  ...ctx.services.database.poolStatus(),
});
