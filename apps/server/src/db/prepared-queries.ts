import { createHash } from 'node:crypto';
import { sql, type Placeholder } from 'drizzle-orm';
import type { Database } from './client.ts';

/** PostgreSQL's NAMEDATALEN - 1. */
const MAX_STATEMENT_NAME_BYTES = 63;

/**
 * Values of a query kept apart from its text, so each query shape is planned once and then
 * executed as a prepared statement (PostGIS planning costs more than running these queries).
 */
export class QueryParams {
  readonly values: Record<string, unknown> = {};
  readonly shape: string[] = [];

  /** A placeholder for `value`, recorded under `name`. */
  bind<Name extends string>(name: Name, value: unknown): Placeholder<Name> {
    this.values[name] = value;
    this.shape.push(name);
    return sql.placeholder(name);
  }

  /** A part of the query that has no value but changes its text. */
  mark(name: string): void {
    this.shape.push(name);
  }

  /**
   * PostgreSQL keeps only the first 63 bytes of a statement name, so two long names that
   * differ at the end would collide on a connection ("prepared statement already exists",
   * a 500): a name that long is shortened to its prefix and a digest of the whole.
   */
  statementName(prefix: string): string {
    const name = [prefix, ...this.shape].join('_');
    if (Buffer.byteLength(name) <= MAX_STATEMENT_NAME_BYTES) return name;
    const digest = createHash('sha256').update(name).digest('hex').slice(0, 20);
    return `${prefix.slice(0, MAX_STATEMENT_NAME_BYTES - digest.length - 1)}_${digest}`;
  }
}

interface PreparedStatement {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

const preparedByDatabase = new WeakMap<Database, Map<string, PreparedStatement>>();

/** Runs the prepared statement `name` of this database, building it on first use. */
export async function runPrepared<Row>(
  db: Database,
  name: string,
  build: () => { prepare(name: string): PreparedStatement },
  values: Record<string, unknown>,
): Promise<Row[]> {
  let statements = preparedByDatabase.get(db);
  if (!statements) {
    statements = new Map();
    preparedByDatabase.set(db, statements);
  }
  let statement = statements.get(name);
  if (!statement) {
    statement = build().prepare(name);
    statements.set(name, statement);
  }
  return (await statement.execute(values)) as Row[];
}
