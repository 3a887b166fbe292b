// The gate in front of the files under /uploads/ (plugins/static-files.ts): public pictures pass, an
// owned file needs a session that may read its owner (401 without one, 404 out of reach, so the names
// of other tenants' files cannot be probed), and anything else is not ours to serve (404).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCodes, type Reply } from '../../../core/envelope.ts';
import { AppError } from '../../http/app-error.ts';
import { fileAccessOfUrl, mayRead } from './upload-access.ts';

/** A file request answers HTTP 404 (not the envelope's 200 with errcode 1404 of API calls). */
async function notFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const body: Reply = {
    errcode: ErrorCodes.notFound.errcode,
    errmsg: await request.atrium.translate(ErrorCodes.notFound.key),
    data: null,
  };
  return reply.code(404).send(body);
}

export async function guardUploadedFile(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const access = fileAccessOfUrl(request.url);
  if (access.kind === 'public') return undefined;
  if (access.kind === 'none') return notFound(request, reply);
  const session = await request.atrium.session();
  if (!session) throw new AppError('unauthenticated');
  return mayRead(session.user.reach, access.owner) ? undefined : notFound(request, reply);
}
