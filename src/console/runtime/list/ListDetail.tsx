// A list's `detail` screen (a timed task's runs): drawn under the list for the row the route query
// names, headed "<detail title>: <the row's name>"; the embedded screen reads that row through its
// own `sourceArgs` (docs/adr/0134-runtime-owns-entries-lists-and-forms.md). A panel heads itself and
// has its own Close (docs/adr/0157-task-runtime-in-yaml.md).
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmbeddedScreen } from '../form/FormScreen.tsx';
import { useCatalogue } from '../catalogue-context.ts';
import type { ListScreenDef } from '../screen-types.ts';
import { recordName } from './record-name.ts';
import type { ListController } from './useListController.ts';

export function ListDetail({ screen, list }: { screen: ListScreenDef; list: ListController }) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const detail = useCatalogue().screens[screen.detail?.screen ?? ''];
  const id = screen.detail ? query.get(screen.detail.param) : null;
  if (!screen.detail || !detail || !id) return null;
  if (detail.kind === 'panel') return <EmbeddedScreen key={id} id={screen.detail.screen} />;
  const field = screen.detail.value;
  const shown = list.rows.find((row) => (field ? String(row[field]) : list.rowId(row)) === id);
  const name = recordName(screen, shown) ?? id;
  const title = `${t(detail.title)}: ${name}`;
  return (
    <Box component="section" aria-label={title} data-testid={`list-detail-${screen.detail.param}`}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <EmbeddedScreen key={id} id={screen.detail.screen} />
    </Box>
  );
}
