import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
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

class ValueTransformer extends OperationNodeTransformer {
  readonly #dialect: DialectName;

  constructor(dialect: DialectName) {
    super();
    this.#dialect = dialect;
  }

  protected override transformValue(node: ValueNode): ValueNode {
    return { ...node, value: toDriverValue(node.value, this.#dialect) };
  }

  protected override transformPrimitiveValueList(
    node: PrimitiveValueListNode,
  ): PrimitiveValueListNode {
    return { ...node, values: node.values.map((value) => toDriverValue(value, this.#dialect)) };
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
 * parameters are converted on the way in, known boolean and JSON columns on the way out.
 */
export function dialectPlugin(dialect: DialectName): KyselyPlugin {
  const transformer = new ValueTransformer(dialect);
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      return transformer.transformNode(args.node);
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return { ...args.result, rows: fromDriverRows([...args.result.rows]) };
    },
  };
}
