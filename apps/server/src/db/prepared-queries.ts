import { sql, type Placeholder } from 'drizzle-orm';
import type { Database } from './client.ts';

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

  statementName(prefix: string): string {
    return [prefix, ...this.shape].join('_');
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
