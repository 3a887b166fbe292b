// The message centre's drawer, loaded the first time the bell is opened: the messages (title, text,
// time, unread ones marked), one marked read on click and all with one button, or the empty state.
import { Box, Button, Chip, Divider, Drawer, List, ListItemButton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Message, MessagePage } from '../../../core/generated/api-types.ts';
import { formatDateTime } from '../../runtime/cells/date-time.ts';

function MessageItem({ message, onRead }: { message: Message; onRead: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <ListItemButton
      data-testid="message-item"
      data-read={message.read ? 'true' : 'false'}
      onClick={() => !message.read && onRead(message.id)}
      sx={{ display: 'block', py: 1.5, bgcolor: message.read ? undefined : 'action.hover' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="subtitle2" sx={{ flex: 1, fontWeight: message.read ? 400 : 700 }}>
          {message.title}
        </Typography>
        {!message.read && <Chip size="small" color="primary" label={t('messageCentre.unread')} />}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
        {message.body}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {formatDateTime(message.createdAt)}
      </Typography>
    </ListItemButton>
  );
}

export interface MessageDrawerProps {
  open: boolean;
  page: MessagePage;
  onClose: () => void;
  onRead: (id: string) => void;
  onReadAll: () => void;
}

export default function MessageDrawer({ open, page, onClose, onRead, onReadAll }: MessageDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': t('messageCentre.title') } }}
    >
      <Box data-testid="message-drawer" sx={{ width: { xs: '100vw', sm: 400 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
          <Typography variant="h6" sx={{ flex: 1, fontSize: 18 }}>
            {t('messageCentre.title')}
          </Typography>
          <Button data-testid="messages-read-all" size="small" disabled={page.unread === 0} onClick={onReadAll}>
            {t('messageCentre.markAllRead')}
          </Button>
        </Stack>
        <Divider />
        {page.datas.length === 0 ? (
          <Typography data-testid="messages-empty" color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {t('messageCentre.empty')}
          </Typography>
        ) : (
          <List disablePadding>
            {page.datas.map((message) => (
              <Box component="li" key={message.id}>
                <MessageItem message={message} onRead={onRead} />
                <Divider component="div" />
              </Box>
            ))}
          </List>
        )}
      </Box>
    </Drawer>
  );
}
