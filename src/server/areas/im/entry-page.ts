// The small page a suite sign-in answers when it cannot go on (D71): the reason in the user's language
// (atrium_lang cookie, else the browser's Accept-Language, else the platform's language), no script,
// no style, nothing the suite's web view needs to load. Its reason is also the sign-in's log entry's message.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../../core/catalogue/types.ts';
import { translate } from '../../../core/translate.ts';
import { isLanguage, LANGUAGE_COOKIE } from '../../http/request-context.ts';
import { rememberSignInAttempt } from '../../operation-log/entry-of-call.ts';

/** A refusal of the entry: the message key (imEntry.error.*), its parameters, the HTTP status. */
export class EntryRefusal extends Error {
  constructor(
    readonly key: string,
    readonly status: number,
    readonly params: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

/** zh-TW / zh-HK / zh-Hant → cn (traditional), other zh → zh, en → en. */
export function acceptedLanguage(header: string | undefined): Language | undefined {
  const tags = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...rest] = part.trim().toLowerCase().split(';');
      const q = rest.find((r) => r.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((t) => t.tag)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    if (/^zh-(tw|hk|mo|hant)/.test(tag)) return 'cn';
    if (tag.startsWith('zh')) return 'zh';
    if (tag.startsWith('en')) return 'en';
  }
  return undefined;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function sendRefusal(request: FastifyRequest, reply: FastifyReply, service: string, refusal: EntryRefusal): Promise<string> {
  const cookie = request.cookies[LANGUAGE_COOKIE];
  const language = isLanguage(cookie) ? cookie : (acceptedLanguage(request.headers['accept-language']) ?? (await request.atrium.language()));
  const labels = request.server.services.catalogue.labels[language];
  const t = (key: string, params?: Record<string, unknown>) => translate(labels, key, params);
  const name = t(`im.service.${service}`);
  const title = t('imEntry.title', { service: name });
  const message = t(`imEntry.error.${refusal.key}`, { service: name, ...refusal.params });
  rememberSignInAttempt(request, { message });
  reply.code(refusal.status).header('cache-control', 'no-store').type('text/html; charset=utf-8');
  return `<!doctype html>\n<html lang="${language === 'cn' ? 'zh-Hant' : language === 'zh' ? 'zh-Hans' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1><p role="alert">${escape(message)}</p><p>${escape(t('imEntry.back', { service: name }))}</p></main></body></html>\n`;
}
