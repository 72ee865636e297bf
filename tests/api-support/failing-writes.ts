import {
  InsertQueryNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
} from 'kysely';

function tableName(node: OperationNode | undefined): string | undefined {
  return node && TableNode.is(node) ? node.table.identifier.name : undefined;
}

/**
 * A plugin under which every insert into or update of `table` fails, as a full disk or a lost
 * connection would: `db.withPlugin(failingWritesTo('streak_days'))` shows that a user action's
 * writes are kept together or not at all.
 */
export function failingWritesTo(table: string): KyselyPlugin {
  return {
    transformQuery: ({ node }) => {
      const written = InsertQueryNode.is(node)
        ? tableName(node.into)
        : UpdateQueryNode.is(node)
          ? tableName(node.table)
          : undefined;
      if (written === table) throw new Error(`Writing ${table} failed (a test's failure).`);
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
}
