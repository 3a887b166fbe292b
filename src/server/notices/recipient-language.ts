// The language of what the server sends unasked (a notice, a task's message or mail): the recipient's
// last login language, else the server's (configuration `language`, else zh), since there is no
// request to take one from (docs/adr/0018-password-expiry-notices.md).
import { DEFAULT_LANGUAGE, type Language } from '../../core/catalogue/types.ts';
import { translatorFor } from '../../core/translate.ts';
import { readConfig } from '../db/config-store.ts';
import { isLanguage } from '../../core/preferred-language.ts';
import type { Db } from '../db/schema.ts';
import type { AppServices } from '../services.ts';

export type Translate = ReturnType<typeof translatorFor>;

/** A translator for each recipient's stored language ('' or unknown: the server's). */
export async function recipientTranslators(
  services: Pick<AppServices, 'db' | 'catalogue'>,
): Promise<(userLanguage: string) => Translate> {
  const fallback = await serverLanguage(services.db);
  const translators = new Map<Language, ReturnType<typeof translatorFor>>();
  return (userLanguage: string) => {
    const chosen = isLanguage(userLanguage) ? userLanguage : fallback;
    if (!translators.has(chosen)) translators.set(chosen, translatorFor(services.catalogue.labels[chosen]));
    return translators.get(chosen)!;
  };
}

/** The server's language: configuration `language`, else zh. */
export async function serverLanguage(db: Db): Promise<Language> {
  const { language } = await readConfig(db, ['language']);
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
