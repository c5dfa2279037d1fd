/**
 * The published API contract as the standard tools see it (docs/api.md):
 *
 *   npm run api:lint      Redocly CLI's rules (redocly.yaml) on the served document
 *   npm run api:client    regenerates test/api-client/playspot-api.ts with openapi-typescript
 *
 * test/api-contract.test.ts runs the same functions in `npm test`: the lint reports nothing,
 * the committed client types are what the served document generates, and a program written
 * against them reads the API of a running server.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import { buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { LocalDiskStorage } from '../src/storage/local-storage.ts';

const serverRoot = path.resolve(import.meta.dirname, '..');
const repositoryRoot = path.resolve(serverRoot, '../..');
export const CLIENT_TYPES_FILE = path.join(serverRoot, 'test/api-client/playspot-api.ts');

/** An OpenAPI document as JSON; only its shape's top is looked at here. */
export type ApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };

/**
 * The document exactly as GET /api/docs/json serves it, from an app that never touches its
 * database (the document is built from the routes alone).
 */
export async function servedApiDocument(
  publicUrl = new URL('https://playspot.example.org'),
): Promise<ApiDocument> {
  const uploads = mkdtempSync(path.join(tmpdir(), 'playspot-api-document-'));
  const app = await buildApp({
    database: { connections: 1 } as DatabaseHandle,
    mapIndex: false,
    storage: new LocalDiskStorage(uploads),
    auth: {
      publicUrl,
      allowedOrigins: [publicUrl.origin],
      providers: [],
      devSignIn: true,
      sessionIdleMs: 1,
      sessionAbsoluteMs: 1,
    },
  });
  try {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    return response.json<ApiDocument>();
  } finally {
    await app.close();
    rmSync(uploads, { recursive: true, force: true });
  }
}

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

/** Runs Redocly CLI with the repository's redocly.yaml; its JSON report's problems. */
export function lintApiDocument(document: ApiDocument): LintProblem[] {
  const folder = mkdtempSync(path.join(tmpdir(), 'playspot-api-lint-'));
  try {
    const file = path.join(folder, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const result = spawnSync(
      path.join(repositoryRoot, 'node_modules/.bin/redocly'),
      ['lint', file, '--config', path.join(repositoryRoot, 'redocly.yaml'), '--format=json'],
      {
        encoding: 'utf8',
        // No telemetry and no update check: CI has no internet, and nothing should leave it.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    const start = result.stdout.indexOf('{');
    if (start < 0) throw new Error(`redocly lint printed no report: ${result.stderr || result.stdout}`);
    return (JSON.parse(result.stdout.slice(start)) as { problems: LintProblem[] }).problems;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The TypeScript types openapi-typescript generates from the document, as committed. */
export async function clientTypesOf(document: ApiDocument): Promise<string> {
  const ast = await openapiTS(document as unknown as OpenAPI3, { silent: true });
  return `${COMMENT_HEADER}// Regenerate with \`npm run api:client\` after changing a route (docs/api.md).\n\n${astToString(ast)}`;
}

function describeProblem(problem: LintProblem): string {
  return `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`;
}

async function main(command: string | undefined): Promise<number> {
  const document = await servedApiDocument();
  if (command === 'lint') {
    const problems = lintApiDocument(document);
    for (const problem of problems) console.log(describeProblem(problem));
    console.log(`redocly lint: ${problems.length} problem(s) in ${Object.keys(document.paths).length} paths`);
    return problems.length === 0 ? 0 : 1;
  }
  if (command === 'client') {
    const types = await clientTypesOf(document);
    const before = readFileSync(CLIENT_TYPES_FILE, { encoding: 'utf8', flag: 'a+' });
    writeFileSync(CLIENT_TYPES_FILE, types);
    console.log(
      `${path.relative(repositoryRoot, CLIENT_TYPES_FILE)}: ${before === types ? 'unchanged' : 'rewritten'}`,
    );
    return 0;
  }
  console.error('Usage: api-contract.ts lint | client');
  return 2;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv[2]);
}
