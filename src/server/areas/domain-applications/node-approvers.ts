// The approvers an enterprise sets for the approvals its application's drawings leave open
// (docs/adr/0119-approvers-set-in-the-console.md): every open node of every process, with the rules
// set for it, and setting (or unsetting) one node's rules, checked like a drawing's own.
import { sql } from 'kysely';
import type { Language } from '../../../core/catalogue/types.ts';
import type { Manifest, Text } from '../../../core/packages/package-types.ts';
import { parseApprovers, readProcess } from '../../../core/workflow/process-definition.ts';
import { existingTenant } from '../users/queries.ts';
import { bindingOf, inLanguage } from '../applications/application-sql.ts';
import type { Db } from '../../db/schema.ts';
import { ValidationFailure } from '../../http/app-error.ts';
import type { CallHandler, Handler } from '../handler.ts';

/** The open approval nodes of the application's current processes, in the processes' order; a node is
 *  named as its package's manifest names it in the language, else by its BPMN name. */
async function openNodes(db: Db, applicationId: string, language: Language) {
  const application = await db
    .selectFrom('applications')
    .select('manifest')
    .where('id', '=', applicationId)
    .executeTakeFirst();
  const manifest = (application?.manifest ?? null) as Manifest | null;
  const named = (processId: string, nodeId: string) =>
    manifest?.processes?.find((p) => p.id === processId)?.nodes?.[nodeId]?.[language as keyof Text];
  const processes = await db
    .selectFrom('app_processes')
    .select(['id', 'bpmn', inLanguage(sql.ref('names'), sql.ref('id'), language).as('name')])
    .where('application_id', '=', applicationId)
    .orderBy('order_no')
    .orderBy('id')
    .execute();
  const nodes: Array<{ processId: string; processName: string; nodeId: string; nodeName: string }> = [];
  for (const p of processes) {
    const { definition } = await readProcess(p.bpmn, p.id);
    for (const node of Object.values(definition?.nodes ?? {}))
      if (node.openApprovers)
        nodes.push({
          processId: p.id,
          processName: p.name,
          nodeId: node.id,
          nodeName: named(p.id, node.id) ?? node.name,
        });
  }
  return nodes;
}

const list: CallHandler<'domainApplications.nodeApprovers'> = async (ctx) => {
  const { id: domainId, applicationId } = ctx.params;
  const { db } = ctx.services;
  await existingTenant(db, domainId); // its reach: admission, on the declared tenant
  await bindingOf(db, domainId, applicationId);
  const set = await db
    .selectFrom('domain_node_approvers')
    .select(['process_id', 'node_id', 'approvers'])
    .where('domain_id', '=', domainId)
    .where('application_id', '=', applicationId)
    .execute();
  const rules = new Map(set.map((r) => [`${r.process_id}\n${r.node_id}`, r.approvers]));
  const nodes = await openNodes(db, applicationId, (await ctx.request.atrium.language()) as Language);
  return nodes.map((n) => ({ ...n, approvers: rules.get(`${n.processId}\n${n.nodeId}`) ?? '' }));
};

const save: CallHandler<'domainApplications.setNodeApprovers'> = async (ctx) => {
  const { id: domainId, applicationId } = ctx.params;
  const { processId, nodeId } = ctx.body;
  const { db } = ctx.services;
  // Its reach, and governing it (who approves in the enterprise is its governors' to say, as its
  // modules are: `governs`), admission checks on the declared tenant.
  await existingTenant(db, domainId);
  await bindingOf(db, domainId, applicationId);
  const refuse = (field: string, message: string, params: Record<string, unknown> = {}) =>
    new ValidationFailure([], [{ field, message, params }]);
  const nodes = await openNodes(db, applicationId, 'en');
  if (!nodes.some((n) => n.processId === processId && n.nodeId === nodeId))
    throw refuse('/nodeId', 'software.approvers.notOpen', { id: nodeId });
  const text = ctx.body.approvers.trim();
  const { rules, bad } = parseApprovers(text);
  if (bad.length > 0) throw refuse('/approvers', 'software.approvers.bad', { parts: bad.join('; ') });
  const roles = rules.flatMap((r) => (r.kind === 'role' ? [r.role] : []));
  if (roles.length > 0) {
    const known = new Set(
      (
        await db
          .selectFrom('app_roles')
          .select('package_role')
          .where('application_id', '=', applicationId)
          .where('package_role', 'in', roles)
          .execute()
      ).map((r) => r.package_role),
    );
    const unknown = roles.filter((r) => !known.has(r));
    if (unknown.length > 0) throw refuse('/approvers', 'software.approvers.unknownRole', { roles: unknown.join(', ') });
  }
  const key = { domain_id: domainId, application_id: applicationId, process_id: processId, node_id: nodeId };
  if (rules.length === 0) {
    await db
      .deleteFrom('domain_node_approvers')
      .where('domain_id', '=', domainId)
      .where('application_id', '=', applicationId)
      .where('process_id', '=', processId)
      .where('node_id', '=', nodeId)
      .execute();
    return { approvers: '' };
  }
  await db
    .insertInto('domain_node_approvers')
    .values({ ...key, approvers: text })
    .onConflict((oc) =>
      oc
        .columns(['domain_id', 'application_id', 'process_id', 'node_id'])
        .doUpdateSet({ approvers: text, updated_at: new Date() }),
    )
    .execute();
  return { approvers: text };
};

export const nodeApproverHandlers: Record<string, Handler> = {
  'domainApplications.nodeApprovers': list,
  'domainApplications.setNodeApprovers': save,
};
