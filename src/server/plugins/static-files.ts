// Named plugin: the built console at /, the uploads under /uploads/ (the built-in icons from the code;
// every other file behind the owner gate of areas/uploads/file-guard.ts), plus the answer for unknown
// paths. Without a build, / says how to make one.
import fp from 'fastify-plugin';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ErrorCodes, type Reply } from '../../core/envelope.ts';
import { SYSTEM_ICONS_URL } from '../../core/uploads.ts';
import { SYSTEM_ICONS_DIR } from '../areas/uploads/upload-folders.ts';
import { guardUploadedFile } from '../areas/uploads/file-guard.ts';
import { uploadsDir } from '../services.ts';

const NO_BUILD_PAGE = `<!doctype html><meta charset="utf-8"><title>Atrium</title>
<p>The console is not built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds first) and reload.</p>
<p>The API is up: <a href="/authtime/openapi.json">/authtime/openapi.json</a>.</p>`;

/** Uploaded files are data, never a page of this origin: no type sniffing, no script, no embedding
 *  (this policy replaces the console's, plugins/security-headers.ts, on /uploads/ files). */
function asInertFile(reply: FastifyReply): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header(
    'Content-Security-Policy',
    "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
  );
}

async function staticFiles(app: FastifyInstance): Promise<void> {
  const { consoleDir } = app.services;
  const uploads = resolve(uploadsDir(app.services));
  mkdirSync(uploads, { recursive: true });
  await app.register(fastifyStatic, {
    root: SYSTEM_ICONS_DIR,
    prefix: SYSTEM_ICONS_URL,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
  });
  await app.register(async (guarded) => {
    guarded.addHook('onRequest', guardUploadedFile);
    await guarded.register(fastifyStatic, {
      root: uploads,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      setHeaders: asInertFile,
    });
  });
  if (existsSync(join(consoleDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: resolve(consoleDir),
      prefix: '/',
      decorateReply: false,
      index: ['index.html'],
    });
  } else {
    app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(NO_BUILD_PAGE));
  }
  app.setNotFoundHandler(async (request, reply) => {
    const body: Reply = {
      errcode: ErrorCodes.notFound.errcode,
      errmsg: await request.atrium.translate(ErrorCodes.notFound.key),
      data: null,
    };
    return reply.code(404).send(body);
  });
}

export default fp(staticFiles, {
  name: 'atrium-static-files',
  fastify: '5.x',
  dependencies: ['atrium-request-context'],
});
