// Per-request state computed on demand: the caller's language and session. Most calls never need
// the language (only messages do), so nothing is read before it is asked for.
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '../../core/catalogue/types.ts';
import { SESSION_COOKIE } from '../../core/envelope.ts';
import { translate } from '../../core/translate.ts';
import { acceptLanguageTags, isLanguage, spokenLanguage } from '../../core/preferred-language.ts';
import { storedConfig } from './stored-settings.ts';
import { findSession, type ActiveSession } from '../auth/sessions.ts';
import type { AppServices } from '../services.ts';

export const LANGUAGE_COOKIE = 'atrium_lang';

export class RequestContext {
  private languagePromise?: Promise<Language>;
  private sessionPromise?: Promise<ActiveSession | null>;

  constructor(
    private readonly services: AppServices,
    private readonly request: FastifyRequest,
  ) {}

  /** Cookie atrium_lang (the console's) → the browser's Accept-Language → stored language setting → zh. */
  language(): Promise<Language> {
    this.languagePromise ??= (async () => {
      const fromCookie = this.request.cookies[LANGUAGE_COOKIE];
      if (isLanguage(fromCookie)) return fromCookie;
      const fromBrowser = spokenLanguage(acceptLanguageTags(this.request.headers['accept-language']));
      if (fromBrowser) return fromBrowser;
      // The error handler needs a language even when the database is what failed.
      const { language } = await storedConfig(this.services.db, this.services.storedSettings, ['language']).catch(
        () => ({ language: DEFAULT_LANGUAGE }),
      );
      return isLanguage(language) ? language : DEFAULT_LANGUAGE;
    })();
    return this.languagePromise;
  }

  async translate(key: string, params?: Record<string, unknown>): Promise<string> {
    return translate(this.services.catalogue.labels[await this.language()], key, params);
  }

  /** A synchronous `t(key, params)` in the caller's language, for code that builds several messages. */
  async translator(): Promise<(key: string, params?: Record<string, unknown>) => string> {
    const labels = this.services.catalogue.labels[await this.language()];
    return (key, params) => translate(labels, key, params);
  }

  /** The signed-in session, or null (no cookie, unknown, expired or account disabled). */
  session(): Promise<ActiveSession | null> {
    this.sessionPromise ??= (async () => {
      const cookieValue = this.request.cookies[SESSION_COOKIE];
      return cookieValue ? findSession(this.services.db, this.services.sessions, cookieValue) : null;
    })();
    return this.sessionPromise;
  }

  /** After login or logout the next lookup must read the database again. */
  forgetSession(): void {
    this.sessionPromise = undefined;
  }
}
