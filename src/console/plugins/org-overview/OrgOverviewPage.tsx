// The spec's /test route, "a demo collapse of departments, applications and roles" (docs/adr/0079-test-route-panels.md): one
// enterprise at a glance, in three collapsible panels, read with the calls the domain's tabs use, each
// within the caller's reach. The enterprise and the open panels are in the URL.
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Calls } from '../../../core/generated/api-types.ts';
import { call } from '../../api/client.ts';
import { useCall, useRead } from '../../api/queries.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { ChoiceSelect, type Choices } from '../../runtime/ChoiceSelect.tsx';

type Application = Calls['domainApplications.bound']['reply']['datas'][number];
type RoleRow = Calls['roles.list']['reply']['datas'][number];

interface Overview {
  domainId: string;
  departments: Choices;
  applications: Application[];
  roles: Array<{ application: Application; roles: RoleRow[] }>;
}

const PANELS = ['departments', 'applications', 'roles'] as const;
type Panel = (typeof PANELS)[number];
/** At most this many rows a panel reads (an overview, not the domain's tabs). */
const NO_DOMAINS: Choices = [];
const MAX_ROWS = 200;

async function loadOverview(domainId: string, signal: AbortSignal): Promise<Overview> {
  const [departments, bound] = await Promise.all([
    call('lookups.departments', { query: { domainid: domainId }, signal }),
    call('domainApplications.bound', {
      params: { id: domainId },
      query: { currpage: 1, pagelines: MAX_ROWS },
      body: {},
      signal,
    }),
  ]);
  const roles = await Promise.all(
    bound.datas.map(async (application) => ({
      application,
      roles: (
        await call('roles.list', {
          params: { id: application.id },
          query: { currpage: 1, pagelines: MAX_ROWS, domainid: domainId },
          body: {},
          signal,
        })
      ).datas,
    })),
  );
  return {
    domainId,
    departments: [...departments].sort((a, b) => a.name.localeCompare(b.name)),
    applications: bound.datas,
    roles,
  };
}

function Section({
  panel,
  count,
  open,
  onToggle,
  children,
}: {
  panel: Panel;
  count: number;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Accordion expanded={open} onChange={onToggle} disableGutters data-testid={`overview-${panel}`}>
      <AccordionSummary
        expandIcon={<ExpandMore />}
        aria-controls={`overview-${panel}-content`}
        id={`overview-${panel}-header`}
      >
        <Typography sx={{ fontWeight: 600, mr: 1 }}>{t(`orgOverview.panel.${panel}`)}</Typography>
        <Chip size="small" label={count} />
      </AccordionSummary>
      <AccordionDetails id={`overview-${panel}-content`}>
        {count === 0 ? <Typography color="text.secondary">{t(`orgOverview.none.${panel}`)}</Typography> : children}
      </AccordionDetails>
    </Accordion>
  );
}

export default function OrgOverviewPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const domainId = params.get('domainid') ?? '';
  const open = new Set(
    (params.get('open') ?? '').split(',').filter((p): p is Panel => (PANELS as readonly string[]).includes(p)),
  );
  const domains: Choices = useCall('lookups.domains', {}).data ?? NO_DOMAINS;
  const overview = useRead(['orgOverview', domainId], (signal) => loadOverview(domainId, signal), {
    enabled: Boolean(domainId),
  });

  const update = (next: { domainid?: string; open?: Set<Panel> }) =>
    setParams(
      (previous) => {
        const search = new URLSearchParams(previous);
        if (next.domainid !== undefined) search.set('domainid', next.domainid);
        if (next.open) search.set('open', [...next.open].join(','));
        return search;
      },
      { replace: true },
    );
  const toggle = (panel: Panel) => {
    const next = new Set(open);
    if (!next.delete(panel)) next.add(panel);
    update({ open: next });
  };
  const shown: Overview | { failed: true } | null = overview.data ?? (overview.isError ? { failed: true } : null);

  return (
    <Stack spacing={2} data-testid="org-overview">
      <Typography color="text.secondary">{t('orgOverview.intro')}</Typography>
      <ChoiceSelect
        id="org-overview-domain"
        label={t('orgOverview.domain')}
        value={domainId}
        choices={domains}
        onChange={(id) => update({ domainid: id })}
        sx={{ maxWidth: 320 }}
      />
      {!domainId ? (
        <Typography color="text.secondary">{t('orgOverview.chooseDomain')}</Typography>
      ) : !shown ? (
        <LoadingPanel />
      ) : 'failed' in shown ? (
        <Alert severity="error">{t('orgOverview.loadFailed')}</Alert>
      ) : (
        <div>
          <Section
            panel="departments"
            count={shown.departments.length}
            open={open.has('departments')}
            onToggle={() => toggle('departments')}
          >
            <List dense>
              {shown.departments.map((d) => (
                <ListItem key={d.id}>
                  <ListItemText primary={d.name} />
                </ListItem>
              ))}
            </List>
          </Section>
          <Section
            panel="applications"
            count={shown.applications.length}
            open={open.has('applications')}
            onToggle={() => toggle('applications')}
          >
            <List dense>
              {shown.applications.map((a) => (
                <ListItem
                  key={a.id}
                  secondaryAction={
                    <Chip
                      size="small"
                      color={a.enabled ? 'success' : 'default'}
                      label={t(a.enabled ? 'orgOverview.enabled' : 'orgOverview.disabled')}
                    />
                  }
                >
                  <ListItemText
                    primary={a.name}
                    secondary={[a.version, a.isDefault ? t('orgOverview.default') : ''].filter(Boolean).join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          </Section>
          <Section
            panel="roles"
            count={shown.roles.reduce((n, r) => n + r.roles.length, 0)}
            open={open.has('roles')}
            onToggle={() => toggle('roles')}
          >
            {shown.roles.map(({ application, roles }) => (
              <Stack key={application.id} sx={{ mb: 1 }}>
                <Typography variant="subtitle2">{application.name}</Typography>
                {roles.length === 0 && (
                  <Typography variant="body2" color="text.secondary" sx={{ pl: 2, py: 0.5 }}>
                    {t('orgOverview.noRoles')}
                  </Typography>
                )}
                <List dense>
                  {roles.map((r) => (
                    <ListItem key={r.id}>
                      <ListItemText primary={r.name} secondary={t('orgOverview.holders', { count: r.holders })} />
                    </ListItem>
                  ))}
                </List>
              </Stack>
            ))}
          </Section>
        </div>
      )}
    </Stack>
  );
}
