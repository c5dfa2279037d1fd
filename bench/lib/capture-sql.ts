/**
 * Preloaded into a server process (`node --import bench/lib/capture-sql.ts …`) when
 * BENCH_CAPTURE_FILE is set: appends every statement the process sends to PostgreSQL to
 * that file, one JSON line each. The benchmark sends the API a few marked requests through
 * such a server, so pgbench runs exactly the statements the endpoints send, whatever the
 * repository code looks like at the time. The load itself runs on an uninstrumented server.
 */
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type pgModule from 'pg';

export interface CapturedStatement {
  /** Set for a named prepared statement: parsed once per connection, then only executed. */
  name: string | null;
  text: string;
  values: unknown[];
}

const file = process.env.BENCH_CAPTURE_FILE;

if (file) {
  // The `pg` the server resolves (node_modules is shared today, but need not stay so).
  const requireFromServer = createRequire(new URL('../../apps/server/package.json', import.meta.url));
  const pg = requireFromServer('pg') as typeof pgModule;
  // Reflect: the method is called below with the right `this`, never unbound.
  const originalQuery = Reflect.get(pg.Client.prototype, 'query') as (...args: unknown[]) => unknown;

  // Every pool query ends in Client#query(textOrConfig, values?, callback?).
  const capturingQuery = function (this: pgModule.Client, ...args: unknown[]): unknown {
    appendFileSync(file, `${JSON.stringify(describe(args[0], args[1]))}\n`);
    return Reflect.apply(originalQuery, this, args);
  };
  pg.Client.prototype.query = capturingQuery as unknown as pgModule.Client['query'];
}

function describe(textOrConfig: unknown, values: unknown): CapturedStatement {
  if (typeof textOrConfig === 'string') {
    return { name: null, text: textOrConfig, values: Array.isArray(values) ? values : [] };
  }
  const config = (textOrConfig ?? {}) as { name?: unknown; text?: unknown; values?: unknown };
  const configValues = Array.isArray(config.values) ? (config.values as unknown[]) : [];
  return {
    name: typeof config.name === 'string' ? config.name : null,
    text: typeof config.text === 'string' ? config.text : '',
    values: Array.isArray(values) ? (values as unknown[]) : configValues,
  };
}
