// The performance monitor's calls (spec/domain-console.md, "System monitoring" (Performance monitor panel), docs/adr/0062-performance-monitor.md): the switch (the
// menu call), the panel's Go (action, proxy action, the table) and the table as a file. They act on
// the answering instance's monitors (as JAMon, each process measures itself).
import type { CellFormat } from '../../../core/monitoring/perf-columns.ts';
import { perfMonitors, type MonitorSwitches } from '../../monitoring/perf-monitor.ts';
import { reportFile } from '../../monitoring/perf-files.ts';
import { buildReport, dateTime } from '../../monitoring/perf-report.ts';
import type { CallHandler } from '../handler.ts';

const ALL_ON: MonitorSwitches = { interfaces: true, sql: true, exceptions: true, resultSet: false };
const ALL_OFF: MonitorSwitches = { interfaces: false, sql: false, exceptions: false, resultSet: false };

/** JAMon's proxy actions, as switches to change. */
const PROXY: Record<string, Partial<MonitorSwitches>> = {
  'No Action': {},
  'Enable All': ALL_ON,
  'Disable All': ALL_OFF,
  'Disable SQL': { sql: false, resultSet: false },
  'Disable Exceptions': { exceptions: false },
  'Disable Interfaces': { interfaces: false },
  'Enable ResultSet': { sql: true, resultSet: true },
};

const state = () => ({
  isEnabled: perfMonitors.enabled,
  switches: {
    interfaces: perfMonitors.interfaces,
    sql: perfMonitors.sql,
    exceptions: perfMonitors.exceptions,
    resultSet: perfMonitors.resultSet,
  },
});

export const perfMenu: CallHandler<'monitoring.perfMenu'> = (ctx) => {
  perfMonitors.set(ctx.query.enableAll ? ALL_ON : ALL_OFF);
  return state();
};

export const perfInfo: CallHandler<'monitoring.perfInfo'> = (ctx) => {
  const settings = ctx.body ?? {};
  const action = settings.action ?? 'Refresh';
  if (action === 'ReSet') perfMonitors.reset();
  else if (action === 'Enable') perfMonitors.set(ALL_ON);
  else if (action === 'Disable') perfMonitors.set(ALL_OFF);
  perfMonitors.set(PROXY[settings.proxyAction ?? 'No Action'] ?? {});
  const report = perfMonitors.enabled ? buildReport(perfMonitors, settings) : null;
  return {
    ...state(),
    now: dateTime(Date.now()),
    instance: ctx.services.sampler.instance,
    dataList: report && {
      listHeader: report.header,
      list: report.rows.map((r) => r.cells),
      highlighted: report.rows.map((r) => r.highlighted),
    },
  };
};

export const perfExport: CallHandler<'monitoring.perfExport'> = async (ctx) => {
  const settings = ctx.query;
  const file = await reportFile(
    buildReport(perfMonitors, settings),
    settings.output ?? 'html',
    (settings.format ?? '#,###') as CellFormat,
    `JAMon ${ctx.services.sampler.instance} ${dateTime(Date.now())}`,
  );
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  ctx.reply.header('content-disposition', `attachment; filename="jamon-${stamp}.${file.extension}"`);
  ctx.reply.header('cache-control', 'no-store');
  ctx.reply.type(file.type);
  return file.body as never;
};
