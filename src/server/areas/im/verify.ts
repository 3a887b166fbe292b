// "Verify credentials" (D61): a token from the token endpoint at the deployment's address of the suite
// with the settings as on the form (saved or not; a placeholder means the saved secret, under its binding). The answer in the
// caller's words, with the service's own code and message when it refused.
import { ServiceFailure } from '../../integrations/im/token-client.ts';
import { IM_SERVICES, type ImService, type ImSettings } from './services.ts';

type Translate = (key: string, params?: Record<string, unknown>) => string;

export async function verifyImSettings(service: ImService, settings: ImSettings, apiUrl: string, t: Translate): Promise<{ success: boolean; message: string }> {
  const def = IM_SERVICES[service];
  const name = t(`im.service.${service}`);
  const missing = def.credentials.filter((field) => !String(settings[field] ?? ''));
  if (missing.length) return { success: false, message: t('im.verify.missing', { fields: missing.map((f) => t(`im.field.${f}`)).join(', ') }) };
  try {
    await def.directory(settings, apiUrl, { retries: 1, backoffMs: () => 1000, timeoutMs: 10000 }).verify();
    return { success: true, message: t('im.verify.success', { service: name }) };
  } catch (error) {
    if (!(error instanceof ServiceFailure)) throw error;
    const reason = error.message.slice(0, 300);
    if (error.code === 0) return { success: false, message: t('im.verify.unreachable', { service: name, url: apiUrl, reason }) };
    return { success: false, message: t('im.verify.refused', { service: name, code: error.code, reason }) };
  }
}
