import {
  PostgresDialect,
  PostgresQueryCompiler,
  SqliteDialect,
  SqliteQueryCompiler,
  type HavingNode,
  type KyselyPlugin,
  type LimitNode,
  type OffsetNode,
  type OnNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryCompiler,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type WhereNode,
} from 'kysely';
import { booleanColumns, jsonColumns } from './types.ts';

export type DialectName = 'sqlite' | 'postgres';

function toDriverValue(value: unknown, dialect: DialectName): unknown {
  // Lists (emotion_tags, reminder_days) are JSON on both sides: text in SQLite, jsonb in PostgreSQL.
  if (Array.isArray(value)) return JSON.stringify(value);
  // better-sqlite3 cannot bind booleans; SQLite stores them as 0/1.
  if (dialect === 'sqlite' && typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/*
 * Parameters are converted as the query compiler collects them: every bound value passes
 * through addParameter. (A plugin rewriting the query tree did the same by copying and freezing
 * every node of every query, about a tenth of a signed-in request's CPU; docs/benchmarks.md.)
 */
class SqliteCompiler extends SqliteQueryCompiler {
  /** How deep the compiler is inside a where, on, having, limit or offset clause. */
  #filterDepth = 0;

  protected override addParameter(parameter: unknown): void {
    super.addParameter(toDriverValue(parameter, 'sqlite'));
  }

  /*
   * SQLite lets some plans depend on a bound value (`limit ?`, or `user_id = ?` in a plan that
   * filters on it), and throws such a plan away whenever the bindings are cleared. better-sqlite3
   * clears them after every run, so every run parsed and planned its statement again: a quarter
   * of the server's CPU for a page of the 20 newest saved verses (docs/benchmarks.md). A cast
   * value, cast(? as text), compares the same against a column and is never peeked at.
   */
  protected override appendValue(parameter: unknown): void {
    const type = this.#filterDepth > 0 ? sqliteCastType(toDriverValue(parameter, 'sqlite')) : null;
    if (!type) {
      super.appendValue(parameter);
      return;
    }
    this.append('cast(');
    super.appendValue(parameter);
    this.append(` as ${type})`);
  }

  #inFilter(compile: () => void): void {
    this.#filterDepth += 1;
    try {
      compile();
    } finally {
      this.#filterDepth -= 1;
    }
  }

  protected override visitWhere(node: WhereNode): void {
    this.#inFilter(() => super.visitWhere(node));
  }

  protected override visitOn(node: OnNode): void {
    this.#inFilter(() => super.visitOn(node));
  }

  protected override visitHaving(node: HavingNode): void {
    this.#inFilter(() => super.visitHaving(node));
  }

  protected override visitLimit(node: LimitNode): void {
    this.#inFilter(() => super.visitLimit(node));
  }

  protected override visitOffset(node: OffsetNode): void {
    this.#inFilter(() => super.visitOffset(node));
  }
}

/** The SQLite type a bound value already has, for a cast that leaves it as it is. */
function sqliteCastType(value: unknown): 'text' | 'integer' | 'real' | null {
  if (typeof value === 'string') return 'text';
  if (typeof value === 'bigint') return 'integer';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'real';
  return null;
}

class PostgresCompiler extends PostgresQueryCompiler {
  protected override addParameter(parameter: unknown): void {
    super.addParameter(toDriverValue(parameter, 'postgres'));
  }
}

/** SQLite as Kysely sees it, with parameters converted to what better-sqlite3 binds. */
export class GroundedSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new SqliteCompiler();
  }
}

/** PostgreSQL as Kysely sees it, with lists sent as JSON for the jsonb columns. */
export class GroundedPostgresDialect extends PostgresDialect {
  override createQueryCompiler(): QueryCompiler {
    return new PostgresCompiler();
  }
}

/**
 * Known boolean and JSON columns back to booleans and lists, in place. Every row of a result has
 * the same columns, so the first row says which need it; most results need nothing.
 */
function fromDriverRows(rows: UnknownRow[]): UnknownRow[] {
  const first = rows[0];
  if (!first) return rows;
  const booleans = Object.keys(first).filter((key) => booleanColumns.has(key));
  const lists = Object.keys(first).filter((key) => jsonColumns.has(key));
  if (booleans.length === 0 && lists.length === 0) return rows;
  for (const row of rows) {
    for (const key of booleans) if (typeof row[key] === 'number') row[key] = row[key] === 1;
    for (const key of lists) {
      const value = row[key];
      if (typeof value === 'string') row[key] = JSON.parse(value);
    }
  }
  return rows;
}

/**
 * Brings both dialects to the shape of ./types.ts so that services never branch on the dialect:
 * parameters are converted on the way in (by the dialects above), known boolean and JSON columns
 * on the way out (here).
 */
export function dialectPlugin(): KyselyPlugin {
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return { ...args.result, rows: fromDriverRows([...args.result.rows]) };
    },
  };
}
