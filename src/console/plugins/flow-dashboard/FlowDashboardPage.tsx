// The workflow dashboard of an enterprise (issue 12, domain-console §2.4 "Dashboard tab"): period and
// software chosen in the URL, then the process and node times, the shares per flow and the ten
// slowest steps; a no-data state instead of empty charts; an error as a message.
import InsertChartOutlined from '@mui/icons-material/InsertChartOutlined';
import { Alert, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DashboardCharts } from './DashboardCharts.tsx';
import { DashboardChoices } from './DashboardChoices.tsx';
import { hoursOf, isEmpty } from './dashboard-rows.ts';
import { SlowestSteps } from './SlowestSteps.tsx';
import { useFlowDashboard } from './useFlowDashboard.ts';

export default function FlowDashboardPage() {
  const { t } = useTranslation();
  const board = useFlowDashboard();

  if (board.softwareError)
    return (
      <Alert severity="error" data-testid="flowboard-error">
        {board.softwareError}
      </Alert>
    );
  if (!board.software) return <LinearProgress aria-label={t('flowboard.loading')} />;
  if (board.software.length === 0)
    return <Typography data-testid="flowboard-no-software">{t('flowboard.noSoftware')}</Typography>;
  const { loaded } = board;
  const hours = loaded.state === 'ready' ? hoursOf(loaded.figures) : undefined;
  return (
    // aria-busy and data-period say which choice the drawn figures answer (assistive tech, tests).
    <Stack spacing={2} data-testid="flowboard" data-period={board.period} aria-busy={loaded.state === 'loading'}>
      <DashboardChoices period={board.period} software={board.software} appId={board.appId} choose={board.choose} />
      {hours && (
        <Typography variant="body2" color="text.secondary" data-testid="flowboard-unit" data-unit={hours.unit}>
          {hours.unit === 'workingHours'
            ? t('flowboard.unitWorking', { calendar: hours.calendar })
            : t('flowboard.unit')}
        </Typography>
      )}
      {loaded.state === 'loading' && (
        <LinearProgress aria-label={t('flowboard.loading')} data-testid="flowboard-loading" />
      )}
      {loaded.state === 'error' && (
        <Alert severity="error" data-testid="flowboard-error">
          {loaded.message}
        </Alert>
      )}
      {loaded.state === 'ready' && isEmpty(loaded.figures) && (
        <Stack
          spacing={1}
          sx={{ alignItems: 'center', py: 6, color: 'text.secondary' }}
          data-testid="flowboard-no-data"
        >
          <InsertChartOutlined sx={{ fontSize: 64 }} aria-hidden />
          <Typography>{t('flowboard.noData')}</Typography>
        </Stack>
      )}
      {loaded.state === 'ready' && !isEmpty(loaded.figures) && (
        <>
          <DashboardCharts figures={loaded.figures} />
          <SlowestSteps rows={loaded.figures.slowest} />
        </>
      )}
    </Stack>
  );
}
