// Which of the console's languages a browser prefers, from its own list (navigator.languages in the
// console, Accept-Language on the server), so both pick the same one for someone who has not chosen.
import { LANGUAGES, type Language } from './catalogue/types.ts';

/** One of the console's languages. */
export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** The first tag the console speaks: zh-TW / zh-HK / zh-MO / zh-Hant → cn (Traditional), other zh → zh,
 *  en → en; also the console's own names. */
export function spokenLanguage(tags: readonly string[]): Language | undefined {
  for (const raw of tags) {
    const tag = raw.trim().toLowerCase();
    if (/^zh-(tw|hk|mo|hant)\b/.test(tag)) return 'cn';
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
    if (isLanguage(tag)) return tag;
  }
  return undefined;
}

/** Accept-Language's tags, most preferred first; `q=0` means "not this one". */
export function acceptLanguageTags(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .slice(0, 32) // a header is the client's to make long; a browser sends a handful
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q.slice(2)) || 0, index };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((t) => t.tag);
}
