// Named plugin: multipart/form-data bodies (uploads). Only the parser: calls that `consume` multipart
// read their one file themselves, with the size and type limits of their use (areas/uploads).
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_USES } from '../../core/uploads.ts';

const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_USES).map((use) => use.maxBytes));

async function uploadParser(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: LARGEST_UPLOAD, files: 1, fields: 10, fieldSize: 1024, parts: 20 },
  });
}

export default fp(uploadParser, { name: 'atrium-upload-parser', fastify: '5.x' });
