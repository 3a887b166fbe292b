// A screen's tabs: one scrolling row, or, when the catalogue gives the tabs a `section`, a list at the
// screen's side with each section a titled tab list of its own, so every tab shows at once (no scroll
// arrow) and the chosen tab's content takes the rest of the width (docs/adr/0092-wide-screens.md).
import { Box, Tab, Tabs, Typography, type SxProps, type TabProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface BarTab {
  id: string;
  label: string;
  section?: string;
}

interface TabBarProps<T extends BarTab> {
  tabs: readonly T[];
  current: string | undefined;
  onSelect: (id: string) => void;
  /** Each tab's `data-testid` is this prefix and its id. */
  testId: string;
  /** More properties of one tab (a tab holding an error is marked). */
  tabProps?: (tab: T) => Partial<TabProps> | false;
  /** The chosen tab's content. */
  children: ReactNode;
}

/** The tabs by section in the order the sections first appear; null when no tab has a section. */
function bySection<T extends BarTab>(tabs: readonly T[]): Array<[string, T[]]> | null {
  if (!tabs.some((tab) => tab.section)) return null;
  const sections = new Map<string, T[]>();
  for (const tab of tabs) {
    const key = tab.section ?? '';
    sections.set(key, [...(sections.get(key) ?? []), tab]);
  }
  return [...sections];
}

export function TabBar<T extends BarTab>({ tabs, current, onSelect, testId, tabProps, children }: TabBarProps<T>) {
  const { t } = useTranslation();
  const drawTab = (tab: T, sx?: SxProps<Theme>) => {
    const extra = tabProps?.(tab) || {};
    return (
      <Tab
        key={tab.id}
        value={tab.id}
        label={t(tab.label)}
        data-testid={`${testId}${tab.id}`}
        {...extra}
        sx={[sx ?? {}, ...(extra.sx ? [extra.sx as SxProps<Theme>] : [])] as SxProps<Theme>}
      />
    );
  };
  const sections = bySection(tabs);
  if (!sections) {
    return (
      <>
        {tabs.length > 0 && (
          <Tabs
            value={current ?? false}
            onChange={(_e, id: string) => onSelect(id)}
            variant="scrollable"
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {tabs.map((tab) => drawTab(tab))}
          </Tabs>
        )}
        {children}
      </>
    );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '200px minmax(0, 1fr)' },
        gap: { xs: 2, md: 3 },
      }}
    >
      <Box
        component="nav"
        data-testid={`${testId}sections`}
        sx={{
          borderRight: { md: 1 },
          borderBottom: { xs: 1, md: 0 },
          borderColor: { xs: 'divider', md: 'divider' },
          pb: { xs: 1, md: 0 },
        }}
      >
        {sections.map(([section, inSection]) => {
          const headingId = `${testId}section-${section || 'other'}`;
          return (
            <Box key={section} sx={{ mb: 1.5 }}>
              {section && (
                <Typography
                  id={headingId}
                  variant="overline"
                  component="h2"
                  sx={{ display: 'block', px: 2, color: 'text.secondary', lineHeight: 2.2 }}
                >
                  {t(section)}
                </Typography>
              )}
              <Tabs
                orientation="vertical"
                value={inSection.some((tab) => tab.id === current) ? current : false}
                onChange={(_e, id: string) => onSelect(id)}
                aria-labelledby={section ? headingId : undefined}
                sx={{ '& .MuiTabs-indicator': { left: 0, right: 'auto' } }}
              >
                {inSection.map((tab) =>
                  drawTab(tab, { alignItems: 'flex-start', textAlign: 'left', minHeight: 36, py: 0.75, px: 2 }),
                )}
              </Tabs>
            </Box>
          );
        })}
      </Box>
      <Box data-testid={`${testId}panel`} sx={{ minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}
