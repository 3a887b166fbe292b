// The interface language: the atrium_lang cookie (the server reads it for its messages), labels
// fetched from the server per language and handed to i18next.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../core/catalogue/types.ts';
import { spokenLanguage } from '../../core/preferred-language.ts';
import { call } from '../api/client.ts';
import { readCookie, writeCookie } from '../api/cookies.ts';
import { formatDateTime } from '../runtime/cells/date-time.ts';

const LANG_COOKIE = 'atrium_lang';
/** Set once the user picks a language in the switch on this browser (docs/adr/0030-language-after-logout.md). */
const CHOSEN_KEY = 'atrium.languageChosen';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Without a choice: the browser's languages first, then the platform's stored setting, then zh. */
function unchosenLanguage(configured: string | undefined): Language {
  return (
    spokenLanguage(navigator.languages ?? [navigator.language]) ??
    (isLanguage(configured) ? configured : DEFAULT_LANGUAGE)
  );
}

/** The cookie first (the language this browser was last shown, which the server's messages follow too). */
export function initialLanguage(configured?: string): Language {
  const shown = readCookie(LANG_COOKIE);
  return isLanguage(shown) ? shown : unchosenLanguage(configured);
}

async function loadLabels(lang: Language): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  const labels = await call('meta.locale', { params: { lang }, silent: true });
  i18next.addResourceBundle(lang, 'translation', labels, true, true);
}

/** The labels of `lang` (flat dotted keys), fetched once: the API viewer finds its own English phrases
 *  among the English labels whatever language is shown (plugins/api-docs/viewer-words.ts). */
export async function labelsIn(lang: Language): Promise<Readonly<Record<string, unknown>>> {
  await loadLabels(lang);
  return i18next.getResourceBundle(lang, 'translation') as Record<string, unknown>;
}

/** Labels are flat dotted keys, so i18next must not split keys on '.' or ':'. */
export async function initLanguage(lang: Language): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: {},
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  // `{{value, datetime}}` in a label says an ISO date as the tables do (YYYY-MM-DD HH:mm:ss), not as
  // Intl's default, so a panel's text line and its date cells agree (docs/adr/0160-open-api-in-yaml.md).
  i18next.services.formatter?.add('datetime', (value: unknown) => formatDateTime(value));
  await loadLabels(lang);
  writeCookie(LANG_COOKIE, lang, 365);
  document.documentElement.lang = htmlLang(lang);
}

export async function switchLanguage(lang: Language): Promise<void> {
  await loadLabels(lang);
  writeCookie(LANG_COOKIE, lang, 365);
  document.documentElement.lang = htmlLang(lang);
  await i18next.changeLanguage(lang);
}

/** The user's pick in the language switch: applied, and remembered as chosen on this browser. */
export async function chooseLanguage(lang: Language): Promise<void> {
  localStorage.setItem(CHOSEN_KEY, lang);
  await switchLanguage(lang);
}

/** After logout: the language the user chose on this browser stays; without a choice, back to the
 *  browser's (the spec's zh for a Chinese browser), then the platform's. */
export async function languageAfterLogout(configured: string | undefined): Promise<void> {
  const chosen = localStorage.getItem(CHOSEN_KEY);
  await switchLanguage(isLanguage(chosen) ? chosen : unchosenLanguage(configured));
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

function htmlLang(lang: Language): string {
  return lang === 'cn' ? 'zh-Hant' : lang === 'zh' ? 'zh-Hans' : 'en';
}
