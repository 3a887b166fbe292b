// Named plugin: cookies, and `request.atrium` (language, translation, session) on every request.
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { RequestContext } from '../http/request-context.ts';
import type { AppServices } from '../services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
  interface FastifyRequest {
    atrium: RequestContext;
  }
}

async function requestContext(app: FastifyInstance, services: AppServices): Promise<void> {
  await app.register(cookie);
  app.decorate('services', services);
  app.decorateRequest('atrium', null as unknown as RequestContext);
  app.addHook('onRequest', async (request) => {
    request.atrium = new RequestContext(services, request);
  });
}

export default fp(requestContext, { name: 'atrium-request-context', fastify: '5.x' });
