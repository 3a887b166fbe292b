// A whole-screen answer instead of content: "no access", "not found"…: an icon, a heading, what it
// means and one way on.
import type { ReactNode } from 'react';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';

export interface StatusPageProps {
  testId: string;
  icon: ReactNode;
  title: string;
  text: string;
  /** The one way on; its test id defaults to `<testId>-action`. */
  action: { label: string; to: string; testId?: string };
}

export function StatusPage({ testId, icon, title, text, action }: StatusPageProps) {
  const navigate = useNavigate();
  return (
    <Paper variant="outlined" data-testid={testId} sx={{ p: 6 }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        {icon}
        <Typography component="h1" variant="h6">
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
          {text}
        </Typography>
        <Button
          variant="contained"
          data-testid={action.testId ?? `${testId}-action`}
          onClick={() => navigate(action.to)}
          autoFocus
        >
          {action.label}
        </Button>
      </Stack>
    </Paper>
  );
}
