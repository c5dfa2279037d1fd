/** Environment, validated once. Every setting the server reads lives here. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  SEED_DEMO_DATA: booleanFromEnv.default(true),
  WEB_DIST_DIR: z.string().min(1).optional(),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** Holds the embedded database (`pglite/`) and uploads. */
  dataDir: string;
  seedDemoData: boolean;
  webDistDir: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Relative paths are taken from the directory the user ran npm in (INIT_CWD), not from the
 * workspace folder npm switches into.
 */
function resolveFromUser(value: string, env: NodeJS.ProcessEnv): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), value);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    logLevel: values.LOG_LEVEL,
    databaseUrl: values.DATABASE_URL,
    dataDir: values.DATA_DIR ? resolveFromUser(values.DATA_DIR, env) : path.join(repositoryRoot, 'data'),
    seedDemoData: values.SEED_DEMO_DATA,
    webDistDir: values.WEB_DIST_DIR
      ? resolveFromUser(values.WEB_DIST_DIR, env)
      : path.join(repositoryRoot, 'apps/web/dist'),
  };
}
