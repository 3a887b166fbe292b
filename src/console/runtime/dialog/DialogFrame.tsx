// The frame of the dialog screens (docs/adr/0154-dialog-screen-kinds.md) and of the tabs dialog
// (docs/adr/0156-batch-and-pick-list-actions.md): title, the dialog's message, an optional intro, the
// content and the buttons. The caller keeps its state and hooks in its own component and hands the
// frame elements only: a frame that owned them (or a component declared during a render) would be a
// new component on the caller's next render, mounted afresh, and a job dialog would lose the start
// it is following.
import { Dialog, DialogActions, DialogContent, DialogTitle, Typography, type DialogProps } from '@mui/material';
import type { ReactNode } from 'react';
import { DialogMessageBar } from './DialogMessageBar.tsx';
import type { DialogMessage } from './useDialogMessage.ts';

interface Props {
  /** The title's id is `<id>-title`; it names the dialog. */
  id: string;
  testId: string;
  title: string;
  /** Drawn under the message, above the content (already translated). */
  intro?: string;
  messages: DialogMessage;
  maxWidth: DialogProps['maxWidth'];
  /** Escape or a click outside. */
  onClose: () => void;
  actions: ReactNode;
  children: ReactNode;
  /** Drawn after the buttons: a dialog opened from this one. */
  over?: ReactNode;
}

export function DialogFrame({ id, testId, title, intro, messages, maxWidth, onClose, actions, children, over }: Props) {
  return (
    <Dialog
      open
      onClose={() => onClose()}
      maxWidth={maxWidth}
      fullWidth
      data-testid={testId}
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`} sx={{ fontSize: 18 }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={messages} />
        {intro && <DialogIntro text={intro} />}
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>{actions}</DialogActions>
      {over}
    </Dialog>
  );
}

/** The intro line, for a dialog that draws it further down than the frame does. */
export function DialogIntro({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ mb: 1 }}>
      {text}
    </Typography>
  );
}
