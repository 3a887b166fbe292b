// A program may name its application by the package's id (com.example.leave), the one id that is the
// same in every deployment, as well as by the application's id. A UUID is an
// application's id and costs no statement, so the caller check's hot path (docs/adr/0081-submissions-pipelined-begin-commit.md) stays one statement;
// anything else is looked up among the applications bound to the token's enterprise, and when none
// has that package it is passed on unchanged, to be refused (or found) as an application id.
import type { Db } from '../../db/schema.ts';
import { liveTokenOfHash } from '../open-api/tokens.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id of the application the query's `applicationId` names for the token's enterprise. */
export async function applicationIdOf(db: Db, tokenHash: string, applicationId: string): Promise<string> {
  if (UUID.test(applicationId)) return applicationId;
  const row = await liveTokenOfHash(db, tokenHash)
    .innerJoin('domain_applications as b', 'b.domain_id', 'tk.domain_id')
    .innerJoin('applications as a', 'a.id', 'b.application_id')
    .where('a.package_id', '=', applicationId)
    .select('a.id')
    .executeTakeFirst();
  return row?.id ?? applicationId;
}
