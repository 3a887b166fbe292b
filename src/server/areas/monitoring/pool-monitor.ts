// The connection-pool monitor's call (D62): the answering instance's database pool now.
import type { CallHandler } from '../handler.ts';

export const poolStatus: CallHandler<'monitoring.pool'> = (ctx) => ({ instance: ctx.services.sampler.instance, ...ctx.services.database.poolStatus() });
