// One header command: icon and text on a wide screen; on a narrow one the icon alone, named by the
// same text (aria-label and tooltip), so the header keeps to one line on a phone.
import { Button, IconButton, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';

interface HeaderButtonProps {
  testId: string;
  icon: ReactNode;
  label: string;
  compact: boolean;
  onClick: () => void;
}

export function HeaderButton({ testId, icon, label, compact, onClick }: HeaderButtonProps) {
  if (!compact) {
    return (
      <Button
        data-testid={testId}
        color="inherit"
        startIcon={icon}
        onClick={onClick}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {label}
      </Button>
    );
  }
  return (
    <Tooltip title={label}>
      <IconButton data-testid={testId} color="inherit" aria-label={label} onClick={onClick} size="small">
        {icon}
      </IconButton>
    </Tooltip>
  );
}
