/**
 * The published API contract as its consumers' tools see it (issue 36, docs/api.md):
 * Redocly's strict rules find nothing, every operation has a unique operationId and the
 * security the server enforces, the committed client types are what the document generates,
 * and a program written against them compiles and reads a running server.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COMMUNITY_LICENCE } from '@playspot/core';
import type { FastifyInstance } from 'fastify';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientTypesOf,
  CLIENT_TYPES_FILE,
  lintApiDocument,
  servedApiDocument,
  type ApiDocument,
} from '../scripts/api-contract.ts';
import { buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { readPlacesNear } from './api-client/read-places.ts';
import { testAuthConfig, testStorage } from './app-options.ts';
import { createTestDatabase } from './database.ts';
import { addPlace, AUCKLAND } from './places-fixtures.ts';
import { signInAs, type SignedInTestUser } from './sign-in.ts';

const HTTP_METHODS = new Set(['get', 'put', 'post', 'patch', 'delete']);
const SOME_ID = '00000000-0000-4000-8000-000000000000';

interface Operation {
  method: string;
  path: string;
  operationId?: string;
  responses?: Record<string, { content?: Record<string, unknown> }>;
  security?: Record<string, string[]>[];
  'x-playspot-role'?: 'moderator' | 'admin';
}

/** A stream (GET /api/live) stays open: a request to it would never end. Tested in features/live. */
function isStream(operation: Operation): boolean {
  return operation.responses?.['200']?.content?.['text/event-stream'] !== undefined;
}

function operationsOf(document: ApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([url, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => ({
        ...(operation as Omit<Operation, 'method' | 'path'>),
        method,
        path: url,
      })),
  );
}

/** The operation's path with every parameter filled: ids as a uuid, the rest as a word. */
function concretePath(template: string): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => (/id$/i.test(name) ? SOME_ID : 'x'));
}

describe('the published API document', () => {
  let document: ApiDocument;
  beforeAll(async () => {
    document = await servedApiDocument();
  });

  it("passes Redocly's recommended-strict rules (redocly.yaml) with nothing to report", () => {
    const problems = lintApiDocument(document).map((problem) => `${problem.ruleId}: ${problem.message}`);
    expect(problems).toEqual([]);
  });

  it('names every operation with its own readable operationId', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(60);
    const ids = operations.map((operation) => operation.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(?:[A-Z][a-z0-9]*)+$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('fills in servers, licence and contact from the configuration', async () => {
    const own = await servedApiDocument(new URL('https://spielplatz.example.net'));
    expect(own.servers).toEqual([
      { url: 'https://spielplatz.example.net', description: 'This PlaySpot server' },
    ]);
    expect(own.info).toMatchObject({
      license: { name: 'Apache-2.0' },
      contact: { url: 'https://spielplatz.example.net/about' },
    });
  });

  it('generates the committed client types (else run `npm run api:client`)', async () => {
    expect(await clientTypesOf(document)).toBe(readFileSync(CLIENT_TYPES_FILE, 'utf8'));
  });

  it('compiles a program against freshly generated client types', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'playspot-api-client-'));
    try {
      writeFileSync(path.join(folder, 'playspot-api.ts'), await clientTypesOf(document));
      copyFileSync(
        path.join(import.meta.dirname, 'api-client/read-places.ts'),
        path.join(folder, 'read-places.ts'),
      );
      const program = ts.createProgram([path.join(folder, 'read-places.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2023,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        allowImportingTsExtensions: true,
        lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
        types: [],
        // The copy lives outside the repository: its one dependency is found in ours.
        paths: {
          'openapi-fetch': [path.resolve(import.meta.dirname, '../../../node_modules/openapi-fetch')],
        },
      });
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      expect(diagnostics).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    // Type-checking the DOM's declarations and 6 000 generated lines takes seconds, more on a busy machine.
  }, 180_000);
});

describe('the document against the running server', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let baseUrl: string;
  let parent: SignedInTestUser;
  let document: ApiDocument;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildApp({ database, storage: testStorage(), auth: testAuthConfig() });
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    parent = await signInAs(app, 'contract_parent');
    await addPlace(app, parent, { name: 'Domain Playground', tags: ['duck pond'] });
    await addPlace(app, parent, {
      name: 'Parnell Rose Garden Swings',
      latitude: AUCKLAND.lat + 0.01,
      longitude: AUCKLAND.lng + 0.01,
    });
    document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<ApiDocument>();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('asks for a session exactly where the server refuses a caller without one', async () => {
    const mismatches: string[] = [];
    for (const operation of operationsOf(document).filter((candidate) => !isStream(candidate))) {
      const optional =
        operation.security?.some((requirement) => Object.keys(requirement).length === 0) ?? false;
      const response = await app.inject({
        method: operation.method.toUpperCase() as 'GET',
        url: concretePath(operation.path),
      });
      if ((response.statusCode === 401) === optional) {
        mismatches.push(
          `${operation.operationId}: security ${optional ? 'optional' : 'required'}, answered ${response.statusCode}`,
        );
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('states a role exactly where the server refuses a parent without it', async () => {
    const mismatches: string[] = [];
    for (const operation of operationsOf(document).filter((candidate) => !isStream(candidate))) {
      if (operation.security?.some((requirement) => Object.keys(requirement).length === 0)) continue;
      // Signing out would end the session the other calls use.
      if (operation.operationId === 'signOut') continue;
      const response = await app.inject({
        method: operation.method.toUpperCase() as 'GET',
        url: concretePath(operation.path),
        headers: parent.headers,
      });
      const needsRole = operation['x-playspot-role'] !== undefined;
      if ((response.statusCode === 403) !== needsRole) {
        mismatches.push(
          `${operation.operationId}: role ${operation['x-playspot-role'] ?? 'none'}, answered ${response.statusCode}`,
        );
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('is read by a program written against the generated client', async () => {
    const read = await readPlacesNear(baseUrl, AUCKLAND);
    expect(read.listed).toEqual(['Domain Playground', 'Parnell Rose Garden Swings']);
    expect(read.nearest).toEqual({ name: 'Domain Playground', tags: 1 });
    expect(read.openData.names.sort()).toEqual(['Domain Playground', 'Parnell Rose Garden Swings']);
    expect(read.openData.licence).toBe(COMMUNITY_LICENCE);
  });
});
