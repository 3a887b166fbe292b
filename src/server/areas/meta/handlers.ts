// Meta area: what clients read about the platform itself (catalogue, labels, global settings, OpenAPI).
import { LANGUAGES } from '../../../core/catalogue/types.ts';
import { buildOpenApi } from '../../../core/catalogue/openapi.ts';
import { readConfig } from '../../db/config-store.ts';
import { AppError } from '../../http/app-error.ts';
import type { Handler, HandlerContext } from '../handler.ts';
import { toConsoleCatalogue } from './console-catalogue.ts';

function health() {
  return { status: 'ok' };
}

function catalogue({ services }: HandlerContext) {
  return toConsoleCatalogue(services.catalogue);
}

function locale({ services, params }: HandlerContext) {
  if (!(LANGUAGES as readonly string[]).includes(params.lang)) throw new AppError('notFound');
  return services.catalogue.labels[params.lang] ?? {};
}

async function globalconfig({ services }: HandlerContext) {
  const config = await readConfig(services.db, ['title', 'copyright', 'language']);
  return { ...config, captcha: services.captcha };
}

function openapi({ services }: HandlerContext) {
  return buildOpenApi(services.catalogue);
}

export const metaHandlers: Record<string, Handler> = {
  'meta.health': health,
  'meta.catalogue': catalogue,
  'meta.locale': locale,
  'meta.globalconfig': globalconfig,
  'meta.openapi': openapi,
};
