// Screen kind `master-detail` (docs/adr/0152-master-detail-screen-kind.md): a short list to choose one
// row from (the runtime's PickList: Tab and Enter, the chosen one marked), and beside it the chosen
// row's detail screen under its name, in a region named by `detail.label`. The choice lives in the URL,
// so back, a refresh and a shared link show the same; the detail keeps its own state under `<param>.`.
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { MasterDetailScreen as MasterDetailDef } from '../../../core/catalogue/types.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { ScreenHost, type ScreenProps } from '../../shell/ScreenHost.tsx';
import { useCatalogue } from '../catalogue-context.ts';
import { countText } from '../counted-label.ts';
import { PickList } from '../list/PickList.tsx';
import type { ConsoleScreen, Row } from '../screen-types.ts';
import { ChosenText } from './chosen-text.ts';
import { useMasterRows } from './useMasterRows.ts';

function MasterDetail({ screen }: { screen: MasterDetailDef }) {
  const { t } = useTranslation();
  const { master, detail, testId } = screen;
  const rows = useMasterRows(master);
  const detailScreen = useCatalogue().screens[detail.screen] as ConsoleScreen | undefined;
  if (!detailScreen) throw new Error(`a master-detail screen names the unknown screen "${detail.screen}"`);
  if (rows.missing) return <Alert severity="info">{t('list.needsContext')}</Alert>;
  if (rows.error) return <Alert severity="error">{rows.error}</Alert>;
  const text = (row: Row) => String(row[master.text] ?? row[master.value]);
  const count = master.count;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Paper variant="outlined" sx={{ width: 260, maxHeight: 420, overflow: 'auto' }}>
        {rows.rows === null ? (
          <LoadingPanel />
        ) : (
          <PickList
            rows={rows.rows}
            selected={rows.chosen}
            onSelect={rows.choose}
            label={t(master.label)}
            empty={t(master.empty)}
            primary={text}
            secondary={count ? (row) => countText(count.label, Number(row[count.field] ?? 0)) : undefined}
            testId={`${testId}-list`}
            itemTestId={(row) => `${testId}-${String(row[master.testKey ?? master.value] ?? row[master.value])}`}
            idField={master.value}
          />
        )}
      </Paper>
      <Box component="section" aria-label={t(detail.label)} sx={{ flex: 1, minWidth: { xs: 0, sm: 360 } }}>
        {!rows.row ? (
          <Typography sx={{ color: 'text.secondary' }}>{t(detail.none)}</Typography>
        ) : (
          <Stack spacing={1}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }} data-testid={`${testId}-title`}>
              {text(rows.row)}
            </Typography>
            <ChosenText.Provider value={text(rows.row)}>
              <ScreenHost key={rows.chosen} screen={detailScreen} urlPrefix={`${master.param}.`} />
            </ChosenText.Provider>
          </Stack>
        )}
      </Box>
    </Box>
  );
}

export default function MasterDetailScreen({ screen }: ScreenProps) {
  if (screen.kind !== 'master-detail') throw new Error(`screen "${screen.id}" is not a master-detail screen`);
  return <MasterDetail screen={screen} />;
}
