// Shown when the catalogue or the labels cannot be fetched at start-up. No labels exist yet, so it
// says what happened with an icon and the browser's own error text, and offers a reload.
import CloudOff from '@mui/icons-material/CloudOff';
import Refresh from '@mui/icons-material/Refresh';
import { Box, CssBaseline, IconButton, ThemeProvider, Typography } from '@mui/material';
import { theme } from './theme.ts';

export function BootFailure({ error }: { error: unknown }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Box
        role="alert"
        sx={{
          minHeight: '100vh',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 2,
        }}
      >
        <CloudOff color="disabled" sx={{ fontSize: 56 }} />
        <Typography color="text.secondary">{(error as Error)?.message ?? String(error)}</Typography>
        <IconButton aria-label="reload" color="primary" onClick={() => window.location.reload()}>
          <Refresh />
        </IconButton>
      </Box>
    </ThemeProvider>
  );
}
