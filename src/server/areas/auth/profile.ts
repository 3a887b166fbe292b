// What login, the profile call and a password change answer: the current user, its language, the
// calls it may make (the console's one source for what it shows this user) and the tiles its rules show it.
import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../auth/current-user.ts';
import { callsAllowed } from '../../auth/may-call.ts';
import { tilesShown } from '../../auth/tiles-shown.ts';
import type { AppServices } from '../../services.ts';

export async function profileOf(services: AppServices, request: FastifyRequest, user: CurrentUser) {
  const profile = { ...user, language: await request.atrium.language(), calls: callsAllowed(services.catalogue, user) };
  return { ...profile, tiles: tilesShown(services.catalogue, profile) };
}
