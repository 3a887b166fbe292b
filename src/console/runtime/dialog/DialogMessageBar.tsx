// Draws a dialog's current message (see useDialogMessage) as an alert the user can dismiss.
import { Alert } from '@mui/material';
import type { DialogMessage } from './useDialogMessage.ts';

export function DialogMessageBar({ messages }: { messages: DialogMessage }) {
  if (!messages.message) return null;
  return (
    <Alert severity={messages.message.severity} onClose={messages.clear} data-testid="dialog-message" sx={{ mb: 1.5 }}>
      {messages.message.text}
    </Alert>
  );
}
