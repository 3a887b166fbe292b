// The gate in front of the files under /uploads/ (plugins/static-files.ts): public pictures pass, an
// owned file needs a session that may read its owner (401 without one, 404 out of reach, so the names
// of other tenants' files cannot be probed), and anything else is not ours to serve (404).
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { fileAccessOfUrl, mayRead } from './upload-access.ts';

export async function guardUploadedFile(request: FastifyRequest): Promise<void> {
  const access = fileAccessOfUrl(request.url);
  if (access.kind === 'public') return;
  if (access.kind === 'none') throw new AppError('notFound');
  const session = await request.atrium.session();
  if (!session) throw new AppError('unauthenticated');
  if (!mayRead(session.user.reach, access.owner)) throw new AppError('notFound');
}
