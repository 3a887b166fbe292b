// The list toolbar: the visible catalogue actions, the selection count and the card/table toggle.
import TableRows from '@mui/icons-material/TableRows';
import ViewModule from '@mui/icons-material/ViewModule';
import { Box, Button, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ActionDef } from '../../../core/catalogue/types.ts';
import { CatalogueIcon } from '../CatalogueIcon.tsx';
import { hasIcon } from '../icons.ts';
import type { ListController } from './useListController.ts';

function ActionButton({ action, onClick }: { action: ActionDef; onClick: () => void }) {
  const { t } = useTranslation();
  const variant = action.variant === 'primary' ? 'contained' : 'outlined';
  const color = action.variant === 'danger' ? 'error' : 'primary';
  return (
    <Button
      data-testid={`action-${action.id}`}
      variant={variant}
      color={color}
      startIcon={hasIcon(action.icon) ? <CatalogueIcon name={action.icon} /> : undefined}
      onClick={onClick}
    >
      {t(action.label)}
    </Button>
  );
}

export function ListToolbar({ list }: { list: ListController }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minHeight: 40 }}>
      {list.toolbar.map((action) => (
        <ActionButton key={action.id} action={action} onClick={() => list.runAction(action)} />
      ))}
      {list.view === 'table' && list.selection.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }}>
          {t('list.selected', { count: list.selection.length })}
        </Typography>
      )}
      <Box sx={{ flex: 1 }} />
      {list.counts.map((count) => (
        <Typography
          key={count.field}
          variant="body2"
          sx={{ fontWeight: 500 }}
          data-testid={`list-count-${count.field}`}
        >
          {t(count.label)}: {count.value}
        </Typography>
      ))}
      {list.hasCards && (
        <ToggleButtonGroup size="small" exclusive value={list.view} onChange={(_e, next) => next && list.setView(next)}>
          <ToggleButton
            data-testid="view-card"
            value="card"
            aria-label={t('action.cardView')}
            title={t('action.cardView')}
          >
            <ViewModule fontSize="small" />
          </ToggleButton>
          <ToggleButton
            data-testid="view-table"
            value="table"
            aria-label={t('action.tableView')}
            title={t('action.tableView')}
          >
            <TableRows fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      )}
    </Box>
  );
}
