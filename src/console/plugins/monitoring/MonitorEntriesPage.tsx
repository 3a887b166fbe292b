// The system monitoring root (platform spec §2 "System monitoring"): a table of the area's entries, each
// with an Enter button. The entries are the screen's `props.entries` in the catalogue; only built ones
// are listed (docs/adr/0059-system-monitoring.md).
import Login from '@mui/icons-material/Login';
import { Button, Paper, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PluginProps } from '../../runtime/plugin/types.ts';

interface Entry {
  id: string;
  label: string;
  description: string;
  to: string;
}

export default function MonitorEntriesPage({ props }: PluginProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entries = (props.entries ?? []) as Entry[];
  return (
    <Paper variant="outlined">
      <Table aria-label={t('screen.systemMoni')} data-testid="monitor-entries">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 260 }}>{t('monitor.entry.name')}</TableCell>
            <TableCell>{t('monitor.entry.description')}</TableCell>
            <TableCell sx={{ width: 140 }} />
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id} data-testid={`monitor-entry-${entry.id}`}>
              <TableCell sx={{ fontWeight: 500 }}>{t(entry.label)}</TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{t(entry.description)}</TableCell>
              <TableCell align="right">
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<Login />}
                  onClick={() => navigate(entry.to)}
                  aria-label={`${t('monitor.entry.enter')}: ${t(entry.label)}`}
                >
                  {t('monitor.entry.enter')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
