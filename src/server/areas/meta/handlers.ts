// Meta area: what clients read about the platform itself (catalogue, labels, global settings, OpenAPI).
import { DEFAULT_LANGUAGE } from '../../../core/catalogue/types.ts';
import { isLanguage } from '../../../core/preferred-language.ts';
import { buildOpenApi } from '../../../core/catalogue/openapi.ts';
import { readConfig } from '../../db/config-store.ts';
import { minimumLength, readPasswordPolicy } from '../../auth/password-policy.ts';
import { AppError } from '../../http/app-error.ts';
import type { CallHandler, Handler, HandlerContext } from '../handler.ts';
import { toConsoleCatalogue } from './console-catalogue.ts';
import { platformFields } from '../field-extends/stored-fields.ts';
import { mergeFields } from '../../../core/catalogue/extension-fields.ts';
import { FOR_TABLES } from '../field-extends/spare-columns.ts';

const health: CallHandler<'meta.health'> = () => ({ status: 'ok' });

/** The entities and screens carry the platform-level extension fields of the moment (a tenant's own
 *  fields are merged over them by the console, on that tenant's screens). */
async function catalogue({ services }: HandlerContext) {
  let merged = toConsoleCatalogue(services.catalogue);
  for (const forTable of FOR_TABLES)
    merged = mergeFields(merged, forTable, await platformFields(services.db, forTable));
  return merged;
}

const locale: CallHandler<'meta.locale'> = ({ services, params }) => {
  if (!isLanguage(params.lang)) throw new AppError('notFound');
  return services.catalogue.labels[params.lang] ?? {};
};

const globalconfig: CallHandler<'meta.globalconfig'> = async ({ services }) => {
  const [config, policy] = await Promise.all([
    readConfig(services.db, ['title', 'copyright', 'language']),
    readPasswordPolicy(services.db),
  ]);
  const language = isLanguage(config.language) ? config.language : DEFAULT_LANGUAGE;
  return { ...config, language, captcha: services.captcha, passwordMinLength: minimumLength(policy) };
};

/** The document's own texts, the calls' summaries among them, in the request's language (docs/adr/0006-request-language.md, docs/adr/0068-monitor-cost-docs-sign-in-language.md, docs/adr/0074-call-summaries-in-locales.md). */
async function openapi({ services, request }: HandlerContext) {
  return buildOpenApi(services.catalogue, await request.atrium.language());
}

export const metaHandlers: Record<string, Handler> = {
  'meta.health': health,
  'meta.catalogue': catalogue,
  'meta.locale': locale,
  'meta.globalconfig': globalconfig,
  'meta.openapi': openapi,
};
