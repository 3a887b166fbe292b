// The `table` layout of a tiles screen (system monitoring's root, spec/platform-console.md, "Screens and routes"): one row per entry
// with its description and an Enter button named after the entry, so a screen reader hears where it goes.
import Login from '@mui/icons-material/Login';
import { Button, Paper, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { TileDef } from '../../../core/catalogue/types.ts';

export function TilesTable({ tiles, title, open }: { tiles: TileDef[]; title: string; open: (tile: TileDef) => void }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined">
      <Table aria-label={t(title)} data-testid="tiles-table">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 260 }}>{t('tiles.entry')}</TableCell>
            <TableCell>{t('tiles.description')}</TableCell>
            <TableCell sx={{ width: 140 }} />
          </TableRow>
        </TableHead>
        <TableBody>
          {tiles.map((tile) => (
            <TableRow key={tile.id} data-testid={`tile-row-${tile.id}`}>
              <TableCell sx={{ fontWeight: 500 }}>{t(tile.label)}</TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{tile.description ? t(tile.description) : ''}</TableCell>
              <TableCell align="right">
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<Login />}
                  onClick={() => open(tile)}
                  aria-label={`${t('tiles.enter')}: ${t(tile.label)}`}
                >
                  {t('tiles.enter')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
