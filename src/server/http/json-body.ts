// JSON request bodies: Fastify's own safe parser, except that an empty body reads as null (clients
// post logout and similar calls with a JSON content type and no body).
import type { FastifyInstance, FastifyRequest } from 'fastify';

type Done = (err: Error | null, value?: unknown) => void;

export function useJsonBodyParser(app: FastifyInstance): void {
  const parseSafely = app.getDefaultJsonParser('error', 'error') as (
    request: FastifyRequest,
    body: string,
    done: Done,
  ) => void;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') done(null, null);
    else parseSafely(request, text, done);
  });
}
