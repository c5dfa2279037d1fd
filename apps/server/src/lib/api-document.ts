/**
 * The published API contract (OpenAPI 3.0 at /api/docs/json, Swagger UI at /api/docs), made
 * for the standard tools: Redocly's recommended rules pass and openapi-typescript generates a
 * client from it (docs/api.md).
 *
 * Each operation's `security` is derived from the route's `config.access` (lib/access.ts), the
 * declaration the authentication hook enforces, so the document and the server cannot
 * disagree. Each documented route must name a stable `operationId`; a route without one, or
 * with one already taken, fails at start like a route without `config.access`.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from './access.ts';

export interface ApiDocumentOptions {
  /** Where this server is reached: the document's `servers` entry. */
  publicUrl: URL;
  /** The session cookie's name, which depends on publicUrl (`__Host-` only over HTTPS). */
  sessionCookieName: string;
  /** Who answers questions about this server's API (API_CONTACT_EMAIL); none when absent. */
  contactEmail?: string | undefined;
}

export const SESSION_COOKIE_SCHEME = 'sessionCookie';
export const APP_BEARER_SCHEME = 'appBearerToken';

type SecurityRequirement = Record<string, string[]>;

/**
 * The OpenAPI security of a route with this access: public routes work without a session
 * (`{}`) and answer personal fields with one; the others need a session, by cookie on the web
 * or bearer token in the apps. OpenAPI 3.0 has no scopes for cookies and bearer tokens, so a
 * role is stated in `x-playspot-role` and the description instead.
 */
export function securityOf(access: RouteAccess): SecurityRequirement[] {
  const session: SecurityRequirement[] = [{ [SESSION_COOKIE_SCHEME]: [] }, { [APP_BEARER_SCHEME]: [] }];
  return access === 'public' ? [{}, ...session] : session;
}

function roleOf(access: RouteAccess): 'moderator' | 'admin' | null {
  return typeof access === 'object' ? access.role : null;
}

/** Readable and stable, e.g. `listLocationSummaries`: a lower-case verb, then words. */
const OPERATION_ID = /^[a-z]+(?:[A-Z][a-z0-9]*)+$/;

function isDocumented(route: RouteOptions): boolean {
  const url = route.url;
  if (route.method === 'HEAD' || url.startsWith('/api/docs')) return false;
  if (!url.startsWith('/api/') && !url.startsWith('/.well-known/')) return false;
  return route.schema?.hide !== true;
}

function requireOperationIds(app: FastifyInstance): void {
  const taken = new Map<string, string>();
  app.addHook('onRoute', (route) => {
    if (!isDocumented(route)) return;
    const where = `${String(route.method)} ${route.url}`;
    const operationId = (route.schema as { operationId?: unknown } | undefined)?.operationId;
    if (typeof operationId !== 'string' || !OPERATION_ID.test(operationId)) {
      throw new Error(
        `Route ${where} needs schema.operationId, a camelCase verb phrase like "listLocations"`,
      );
    }
    const other = taken.get(operationId);
    if (other !== undefined && other !== where) {
      throw new Error(`Route ${where} reuses the operationId "${operationId}" of ${other}`);
    }
    taken.set(operationId, where);
  });
}

/** Fastify writes a wildcard route as `{*}`; the document names it like any other parameter. */
const WILDCARD_PARAMETER = 'key';

type OpenApiDocument = ReturnType<typeof jsonSchemaTransformObject>;
interface ParameterObject {
  name: string;
  in: string;
  description?: string;
}
interface OperationObject {
  parameters?: ParameterObject[];
}

function nameWildcards(document: OpenApiDocument): OpenApiDocument {
  const paths: Record<string, unknown> = {};
  for (const [url, item] of Object.entries(document.paths ?? {})) {
    if (!url.includes('{*}')) {
      paths[url] = item;
      continue;
    }
    const operations = item as Record<string, OperationObject>;
    for (const operation of Object.values(operations)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'path' || parameter.name !== '*') continue;
        parameter.name = WILDCARD_PARAMETER;
        parameter.description ??= 'The rest of the path, slashes included (e.g. "photos/<id>.webp").';
      }
    }
    paths[url.replace('{*}', `{${WILDCARD_PARAMETER}}`)] = item;
  }
  return { ...document, paths } as OpenApiDocument;
}

export async function installApiDocument(app: FastifyInstance, options: ApiDocumentOptions): Promise<void> {
  requireOperationIds(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'PlaySpot API',
        version: '0.1.0',
        description:
          "Find, rate and share children's play spots. Reads are public; writes need a session: the " +
          "web app's cookie, or the native apps' bearer token from POST /api/auth/{provider}/id-token. " +
          'Place data is open data under the ODbL (GET /api/open/dumps).',
        license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
        contact: {
          name: 'The operator of this PlaySpot server',
          url: new URL('/about', options.publicUrl).href,
          ...(options.contactEmail ? { email: options.contactEmail } : {}),
        },
      },
      servers: [{ url: options.publicUrl.origin, description: 'This PlaySpot server' }],
      components: {
        securitySchemes: {
          [SESSION_COOKIE_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: options.sessionCookieName,
            description:
              'The web session, set by sign-in. Writes with it must come from this site (Fetch Metadata or Origin).',
          },
          [APP_BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: "The native apps' session token: `Authorization: Bearer <token>`.",
          },
        },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      if (!access) return transformed;
      const role = roleOf(access);
      const schema = transformed.schema as Record<string, unknown>;
      schema.security = securityOf(access);
      if (role) {
        schema['x-playspot-role'] = role;
        const description = typeof schema.description === 'string' ? `${schema.description}\n\n` : '';
        schema.description = `${description}Needs the ${role} role${role === 'moderator' ? ' (or admin)' : ''}.`;
      }
      return transformed;
    },
    transformObject: (input) => nameWildcards(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/**
 * A route's answer that is a file rather than JSON (CSV, GeoJSON download, a photo), as an
 * OpenAPI response. The body is sent as it is (text, bytes or a stream), so the schema only
 * says "a string" of that media type and checks nothing.
 */
export function fileResponse(description: string, mediaTypes: readonly string[]) {
  const body = z.any().meta({ type: 'string' });
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema: body }])),
  };
}

/** An answer without a body (a redirect to its Location, 304 Not Modified): `send(null)`. */
export function emptyResponse(description: string) {
  return z.null().describe(description);
}
