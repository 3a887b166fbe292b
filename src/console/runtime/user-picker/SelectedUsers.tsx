// The dialog's side table: who is picked so far, each removable, and "remove all".
import Close from '@mui/icons-material/Close';
import { Box, Button, IconButton, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { countText } from '../counted-label.ts';
import { SELECTED_MAX_HEIGHT, type PickedUser } from './user-select-types.ts';

export function SelectedUsers({
  users,
  onRemove,
  onClear,
}: {
  users: PickedUser[];
  onRemove: (id: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="user-select-picked"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        display: 'flex',
        flexDirection: 'column',
        minWidth: 220,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography component="h3" sx={{ flex: 1, fontSize: 14, fontWeight: 600 }}>
          {countText('userSelect.picked', users.length)}
        </Typography>
        <Button size="small" data-testid="user-select-clear" disabled={users.length === 0} onClick={onClear}>
          {t('userSelect.removeAll')}
        </Button>
      </Box>
      <List dense sx={{ maxHeight: SELECTED_MAX_HEIGHT, overflow: 'auto', py: 0 }}>
        {users.length === 0 && (
          <ListItem>
            <ListItemText secondary={t('userSelect.nobodyPicked')} />
          </ListItem>
        )}
        {users.map((u) => (
          <ListItem
            key={u.id}
            secondaryAction={
              <IconButton
                edge="end"
                size="small"
                aria-label={t('userSelect.remove', { name: u.name })}
                data-testid={`user-select-remove-${u.id}`}
                onClick={() => onRemove(u.id)}
              >
                <Close fontSize="small" />
              </IconButton>
            }
          >
            <ListItemText primary={u.name} secondary={u.loginno} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
