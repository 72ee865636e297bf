import { CompiledQuery, sql, type Compilable } from 'kysely';
import type { Db } from '#server/db/connect.ts';
import type { DialectName } from '#server/db/dialect-plugin.ts';

/**
 * How the database would run `query`, as one text to match an index name against. A near-empty
 * table would be scanned whole and sorted; PostgreSQL is told to avoid both where it can (it
 * still sorts when no index gives the order), so the plan shows the index a full table would use.
 */
export function queryPlan(
  db: Db,
  dialect: DialectName,
  query: Compilable | CompiledQuery,
): Promise<string> {
  const compiled = 'compile' in query ? query.compile() : query;
  return db.transaction().execute(async (trx) => {
    const prefix = dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
    if (dialect === 'postgres') {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      await sql`set local enable_sort = off`.execute(trx);
    }
    const { rows } = await trx.executeQuery(
      CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]),
    );
    return rows.map((row) => Object.values(row as object).join(' ')).join('\n');
  });
}

/** The queries `run` sends through the database it is given, in order, for their plans. */
export async function queriesSent(
  db: Db,
  run: (db: Db) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const queries: CompiledQuery[] = [];
  const recording = db.withPlugin({
    transformQuery: (args) => {
      queries.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  await run(recording);
  return queries;
}
