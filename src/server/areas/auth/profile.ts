// What login, the profile call and a password change answer: the current user, its language, and the
// calls it may make (the console's one source for what it shows this user).
import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../auth/current-user.ts';
import { callsAllowed } from '../../auth/may-call.ts';
import type { AppServices } from '../../services.ts';

export async function profileOf(services: AppServices, request: FastifyRequest, user: CurrentUser) {
  return { ...user, language: await request.atrium.language(), calls: callsAllowed(services.catalogue, user) };
}
