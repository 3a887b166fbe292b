// "Verify credentials" (docs/adr/0061-messaging-suites.md): a token from the token endpoint at the deployment's address of the suite
// with the settings as on the form (saved or not; a placeholder means the saved secret, under its
// binding). The answer in the caller's words: one of the outbound policy's reasons, the service's own
// code and message only in the server log (docs/adr/0083-outbound-policy.md).
import { ServiceFailure } from '../../integrations/im/token-client.ts';
import { IM_SERVICES, type ImService, type ImSettings } from './services.ts';

type Translate = (key: string, params?: Record<string, unknown>) => string;
type Log = { info(details: object, message: string): void };

export async function verifyImSettings(
  service: ImService,
  settings: ImSettings,
  apiUrl: string,
  t: Translate,
  log: Log,
): Promise<{ success: boolean; message: string }> {
  const def = IM_SERVICES[service];
  const name = t(`im.service.${service}`);
  const missing = def.credentials.filter((field) => !String(settings[field] ?? ''));
  if (missing.length)
    return {
      success: false,
      message: t('im.verify.missing', { fields: missing.map((f) => t(`im.field.${f}`)).join(', ') }),
    };
  try {
    await def.directory(settings, apiUrl, { retries: 1, backoffMs: () => 1000, timeoutMs: 10000 }).verify();
    return { success: true, message: t('im.verify.success', { service: name }) };
  } catch (error) {
    if (!(error instanceof ServiceFailure)) throw error;
    log.info({ service, code: error.code, reason: error.message.slice(0, 300) }, 'suite credentials not verified');
    return { success: false, message: t('im.verify.failed', { service: name, reason: t(error.reasonLabel) }) };
  }
}
