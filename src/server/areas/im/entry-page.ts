// The small page a suite sign-in answers when it cannot go on (docs/adr/0071-messaging-sign-in.md): the reason in the caller's language
// (request-context.ts), no script, no style, nothing the suite's web view needs to load. Its reason is
// also the sign-in's log entry's message.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '../../../core/translate.ts';
import { rememberSignInAttempt } from '../../operation-log/entry-of-call.ts';

/** A refusal of the entry: the message key (imEntry.error.*), its parameters, the HTTP status. */
export class EntryRefusal extends Error {
  constructor(
    readonly key: string,
    readonly status: number,
    readonly params: Record<string, unknown> = {},
    /** A label to say as the `reason` parameter, in the page's language. */
    readonly reasonLabel?: string,
  ) {
    super(key);
  }
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function sendRefusal(
  request: FastifyRequest,
  reply: FastifyReply,
  service: string,
  refusal: EntryRefusal,
): Promise<string> {
  const language = await request.atrium.language();
  const labels = request.server.services.catalogue.labels[language];
  const t = (key: string, params?: Record<string, unknown>) => translate(labels, key, params);
  const name = t(`im.service.${service}`);
  const title = t('imEntry.title', { service: name });
  const message = t(`imEntry.error.${refusal.key}`, {
    service: name,
    ...refusal.params,
    ...(refusal.reasonLabel ? { reason: t(refusal.reasonLabel) } : {}),
  });
  rememberSignInAttempt(request, { message });
  reply.code(refusal.status).header('cache-control', 'no-store').type('text/html; charset=utf-8');
  return `<!doctype html>\n<html lang="${language === 'cn' ? 'zh-Hant' : language === 'zh' ? 'zh-Hans' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1><p role="alert">${escape(message)}</p><p>${escape(t('imEntry.back', { service: name }))}</p></main></body></html>\n`;
}
