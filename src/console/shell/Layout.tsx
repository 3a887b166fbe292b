// The frame around every screen except full-page plugins: header with breadcrumb, then the screen.
import { Box } from '@mui/material';
import { Outlet } from 'react-router-dom';
import { Header } from './Header.tsx';
import { useShownPage } from './shown-page.ts';

export function Layout() {
  const { screen } = useShownPage();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Header screen={screen} />
      {/* The page's full width: wide tables show their columns (a form keeps its own measure). */}
      <Box component="main" sx={{ flex: 1, px: { xs: 2, md: 3 }, py: 2.5, width: '100%' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
