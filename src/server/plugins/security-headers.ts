// Named plugin: the security headers of every reply (API JSON, console page, static files, 404s,
// errors), by helmet on request, before anything can fail. Its middleware is built once with the policy
// parsed, not per request (docs/adr/0187-cheaper-refused-requests.md). Decisions (docs/adr/0024-security-headers-csrf-permission-first.md, docs/security.md
// "Security headers"):
// - scripts only from this origin; 'unsafe-eval' because the console's forms validate with ajv, which
//   compiles each catalogue schema to a function at run time (the schemas arrive with the catalogue,
//   extension fields included, so they cannot be compiled at build time);
// - styles from this origin and inline: MUI/emotion inserts its <style> elements at run time, and a
//   nonce would need a per-reply index.html; inline style cannot run script;
// - images from this origin, data: and blob: (logos, icons, the check code, previews of a file chosen
//   for upload); no plugins, no <base>, forms only to this origin, never framed (frame-ancestors
//   'none' and X-Frame-Options DENY), no MIME sniffing;
// - no HSTS and no upgrade-insecure-requests: HTTPS is the deployment's proxy's decision (README).
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'unsafe-eval'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

async function securityHeaders(app: FastifyInstance): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
}

export default fp(securityHeaders, { name: 'atrium-security-headers', fastify: '5.x' });
