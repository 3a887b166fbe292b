// Server-side prepared statements for the few statements a server runs thousands of times a second
// (docs/adr/0077-submissions-prepared-statements.md): the engine's actions and the runtime's caller check. An unnamed statement is parsed, analysed
// and planned by PostgreSQL on every execution; a named one is parsed once per connection and, after
// five executions, PostgreSQL may keep a generic plan. On the workflow bench's submissions that halves
// PostgreSQL's CPU per action. Only statements built on `preparing(db)` are named: indexed lookups by id
// and the list pages whose generic plans were measured no slower (a whole tenant's users, a caller's own
// enterprises: docs/adr/0201-list-statements-prepared.md), whereas a generic plan for a search (a
// list's trigram or date filters, docs/adr/0070-flow-list-million-instances.md) could be much worse than the one planned for its values.
// `ATRIUM_PREPARED_STATEMENTS=off` names none (behind a pooler in transaction mode, whose server
// connections change between statements).
import {
  DeleteQueryNode,
  InsertQueryNode,
  RawNode,
  SelectModifierNode,
  SelectQueryNode,
  UpdateQueryNode,
  type KyselyPlugin,
} from 'kysely';
import type { Db } from './schema.ts';

/** The comment that ends a statement to prepare: what the pool sees (the text is all it is given). */
export const PREPARED_MARK = '/* prepared */';

const mark = RawNode.createWithSql(PREPARED_MARK);

const marking: KyselyPlugin = {
  transformQuery({ node }) {
    if (SelectQueryNode.is(node))
      return { ...node, endModifiers: [...(node.endModifiers ?? []), SelectModifierNode.createWithExpression(mark)] };
    if (InsertQueryNode.is(node) || UpdateQueryNode.is(node) || DeleteQueryNode.is(node))
      return { ...node, endModifiers: [...(node.endModifiers ?? []), mark] };
    if (RawNode.is(node))
      return RawNode.create(
        [...node.sqlFragments.slice(0, -1), `${node.sqlFragments.at(-1)} ${PREPARED_MARK}`],
        node.parameters,
      );
    return node;
  },
  transformResult: async ({ result }) => result,
};

/** `db` (or a transaction) whose statements are prepared on PostgreSQL (a comment elsewhere). */
export const preparing = (db: Db): Db => db.withPlugin(marking);

/** Distinct texts named at most: an insert of n rows is a text per n, so the set is bounded by hand;
 *  beyond it statements run unnamed. Each connection keeps the statements it has prepared. */
const MAX_NAMED = 300;

export class StatementNames {
  private readonly names = new Map<string, string>();
  private next = 0;

  constructor(readonly enabled: boolean) {}

  /** The name to prepare a marked statement under; undefined: run it unnamed. */
  nameOf(text: string): string | undefined {
    if (!this.enabled || !text.endsWith(PREPARED_MARK)) return undefined;
    let name = this.names.get(text);
    if (name === undefined && this.names.size < MAX_NAMED) this.names.set(text, (name = `atrium_${this.next++}`));
    return name;
  }

  /** A prepared statement PostgreSQL refuses to run again ("cached plan must not change result type":
   *  a table it reads changed under it, a deployment's migration) is prepared afresh under a new name. */
  failed(text: string, error: unknown): void {
    if ((error as { code?: string }).code === '0A000' && this.names.has(text))
      this.names.set(text, `atrium_${this.next++}`);
  }
}
