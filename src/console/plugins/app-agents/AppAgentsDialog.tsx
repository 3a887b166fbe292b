// Dialog `application-im` (Software tab, docs/adr/0067-application-agent-messaging.md): an application's own agent in each of the enterprise's
// messaging suites, one tab per suite: the addresses to register there (its entry and the trusted
// domain, built from that suite's external host address) and the id and secret the suite gave it.
import ContentCopy from '@mui/icons-material/ContentCopy';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tab,
  Tabs,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/queries.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import { DialogMessageBar } from '../../runtime/dialog/DialogMessageBar.tsx';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import { useDialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import { AppAgentForm } from './AppAgentForm.tsx';

type Urls = Calls['im.appUrls']['reply'];
const SERVICES = ['wechat', 'dingding', 'feishu'] as const;
type Service = (typeof SERVICES)[number];

export default function AppAgentsDialog({ data, onClose }: DialogPluginProps) {
  const { t } = useTranslation();
  const domainid = String(data.domainid ?? '');
  const applicationId = String(data.id ?? '');
  const messages = useDialogMessage();
  const { showFailure } = messages;
  const [service, setService] = useState<Service>('wechat');
  const urls: Urls | null =
    useCall(
      'im.appUrls',
      { params: { id: domainid, applicationId }, silent: true },
      { onFailure: showFailure, fresh: true },
    ).data ?? null;

  return (
    <Dialog
      open
      onClose={() => onClose()}
      maxWidth="sm"
      fullWidth
      data-testid="application-im-dialog"
      aria-labelledby="application-im-title"
    >
      <DialogTitle id="application-im-title" sx={{ fontSize: 18 }}>
        {t('im.app.title', { name: String(data.name ?? '') })}
      </DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={messages} />
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('im.app.intro')}
        </Typography>
        <Tabs
          value={service}
          onChange={(_e, next: Service) => (messages.clear(), setService(next))}
          aria-label={t('im.app.tabs')}
          sx={{ mb: 2 }}
        >
          {SERVICES.map((s) => (
            <Tab
              key={s}
              value={s}
              label={t(`im.tab.${s}`)}
              id={`app-im-tab-${s}`}
              aria-controls={`app-im-panel-${s}`}
              data-testid={`app-im-tab-${s}`}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`app-im-panel-${service}`} aria-labelledby={`app-im-tab-${service}`}>
          <UrlsSection service={service} urls={urls?.[service]} />
          <AppAgentForm
            key={service}
            screenId={`im.${service}App`}
            service={service}
            domainid={domainid}
            applicationId={applicationId}
            messages={messages}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => onClose()} data-testid="application-im-close">
          {t('action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function UrlsSection({ service, urls }: { service: Service; urls: Urls[Service] | undefined }) {
  const { t } = useTranslation();
  if (!urls) return null;
  return (
    <Box component="section" aria-labelledby="app-im-urls" sx={{ mb: 2 }} data-testid="app-im-urls">
      <Typography id="app-im-urls" variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t('im.app.urls')}
      </Typography>
      {urls.home === '' ? (
        <Typography color="text.secondary" data-testid="app-im-no-host">
          {t('im.app.noHost', { service: t(`im.tab.${service}`) })}
        </Typography>
      ) : (
        <Stack spacing={0.5}>
          <UrlLine label={t('im.app.home')} value={urls.home} testId="app-im-home" />
          <UrlLine label={t('im.app.domain')} value={urls.domain} testId="app-im-domain" />
        </Stack>
      )}
    </Box>
  );
}

function UrlLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    setCopied(true);
  };
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
      <Typography sx={{ width: 130, flexShrink: 0, color: 'text.secondary' }}>{label}</Typography>
      <Typography
        component="code"
        sx={{ flex: 1, fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all' }}
        data-testid={testId}
      >
        {value}
      </Typography>
      <Tooltip title={copied ? t('im.app.copied') : t('im.app.copy', { what: label })}>
        <IconButton size="small" aria-label={t('im.app.copy', { what: label })} onClick={() => void copy()}>
          <ContentCopy fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
