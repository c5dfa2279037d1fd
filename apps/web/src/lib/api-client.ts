/**
 * The one API client: JSON (or multipart) requests to /api, responses checked against the
 * zod schemas of @playspot/core, and every failure turned into an ApiError carrying the
 * server's `{error:{code,message}}` (core's ApiErrorBody, read by apiErrorFrom, which the
 * XMLHttpRequest photo uploads use too).
 *
 * The reads of the first screen (the map's and a place page's, /api/me, /api/config) pass
 * `unchecked` instead of a schema: zod and the schemas are 25 KB brotli that every first visit
 * would download for a check the server already makes (its replies are checked against the
 * same core schemas in development and in every server test, and the generated API client's
 * types are kept equal to its OpenAPI document). Later screens load zod for their forms anyway
 * and keep checking.
 *
 * On the web the API is this page's origin and the session a same-site cookie. In the
 * native app the page lives on the device: requests go to the server's origin
 * (env.apiOrigin) with the session's bearer token, and never with cookies.
 */
import type { ApiErrorBody } from '@playspot/core';
import { env } from '../config/env.ts';
import { sessionBearerToken } from '../platform/session-token.ts';

/** What a response check needs: the zod schemas of @playspot/core fit this shape. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

type ResponseSchemas = typeof import('./api/response-schemas.ts');

/** A schema of response-schemas.ts, loaded on demand (see above). */
export function checkedBy<Name extends keyof ResponseSchemas>(
  name: Name,
): () => Promise<ResponseSchemas[Name]> {
  return () => import('./api/response-schemas.ts').then((schemas) => schemas[name]);
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

/** `/api/x?a=1&b=2` (on the server's origin in the app), leaving out undefined, null and ''. */
export function apiUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `${env.apiOrigin}${search === '' ? path : `${path}?${search}`}`;
}

/** A file the server names by path (photos: /api/files/…), made loadable from the app. */
export function serverFileUrl(url: string): string {
  return url.startsWith('/') ? `${env.apiOrigin}${url}` : url;
}

/** The session's headers: the bearer token in the app; none on the web (the cookie). */
export function sessionHeaders(): Record<string, string> {
  const token = sessionBearerToken();
  return token === null ? {} : { authorization: `Bearer ${token}` };
}

/** Cookies only to the page's own origin on the web; never from the app. */
export const requestCredentials: RequestCredentials = env.apiOrigin === '' ? 'same-origin' : 'omit';

/**
 * The ApiError for a failed answer: the server's code and message when its body is the API's
 * error shape, else `fallbackMessage` with the code 'http_error' (a proxy's page, an empty body).
 */
export function apiErrorFrom(
  status: number,
  bodyText: string,
  fallbackMessage = `The server answered ${status}.`,
): ApiError {
  let body: unknown = null;
  try {
    body = JSON.parse(bodyText);
  } catch {
    // Not JSON: not our error shape.
  }
  if (isApiErrorBody(body)) return new ApiError(status, body.error.code, body.error.message);
  return new ApiError(status, 'http_error', fallbackMessage);
}

/** core's apiErrorSchema, checked by hand: this runs on the map's first requests (no zod there). */
function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error: unknown = body.error;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}

interface RequestOptions<T> {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly query?: Record<string, QueryValue>;
  /** Sent as JSON; FormData goes as multipart (the browser sets its boundary). */
  readonly body?: unknown;
  readonly signal?: AbortSignal | undefined;
  /** Validates the response; omit for responses without a body. */
  readonly schema?: ResponseSchema<T>;
  /** The schema from response-schemas.ts, loaded with the first check (`checkedBy`). */
  readonly lazySchema?: () => Promise<ResponseSchema<T>>;
  /** The body is read as the server's contract types it, without a check here (see above). */
  readonly unchecked?: true;
  /** Keeps the request alive while the page unloads. */
  readonly keepalive?: boolean;
}

function requestInit(body: unknown): Pick<RequestInit, 'headers' | 'body'> {
  const session = sessionHeaders();
  if (body === undefined) return { headers: { accept: 'application/json', ...session }, body: null };
  if (body instanceof FormData) return { headers: { accept: 'application/json', ...session }, body };
  return { headers: { 'content-type': 'application/json', ...session }, body: JSON.stringify(body) };
}

/**
 * Reads made before a service worker took charge of the page: they did not pass through it,
 * so it kept nothing of them for offline use (update-ready.tsx passes them through it once).
 */
const readsBeforeWorker = new Set<string>();
/** A first visit makes a dozen reads; a page left open without a worker stops counting here. */
const MOST_READS_REMEMBERED = 64;

function rememberIfNoWorker(url: string): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (navigator.serviceWorker.controller !== null || readsBeforeWorker.size >= MOST_READS_REMEMBERED) return;
  readsBeforeWorker.add(url);
}

/**
 * Asks the reads made before the worker took charge again, one per task, through it, so it
 * keeps them for offline use. From the browser's own copy where it kept one (`force-cache`):
 * the server is not asked a second time, and the app's data and screen are not touched (a
 * second round of reads redrew the page as each answer came back, issue 42).
 */
export async function passEarlierReadsThroughWorker(): Promise<void> {
  const urls = [...readsBeforeWorker];
  readsBeforeWorker.clear();
  for (const url of urls) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    fetch(url, { credentials: requestCredentials, ...requestInit(undefined), cache: 'force-cache' }).catch(
      () => undefined,
    );
  }
}

export async function apiRequest<T = undefined>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', query, body, signal, keepalive } = options;
  const url = apiUrl(path, query);
  if (method === 'GET') rememberIfNoWorker(url);
  // The schema's module loads while the request is under way.
  const schemaLoading = options.schema ? Promise.resolve(options.schema) : options.lazySchema?.();
  // A failed request must not leave the schema's load as an unhandled rejection.
  schemaLoading?.catch(() => undefined);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: requestCredentials,
      ...requestInit(body),
      signal: signal ?? null,
      keepalive: keepalive ?? false,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', 'No connection to PlaySpot. Check your internet and try again.', {
      cause: error,
    });
  }
  if (!response.ok) throw apiErrorFrom(response.status, await response.text().catch(() => ''));
  // Without a schema the caller expects no body (204, or a body it does not read).
  if (response.status === 204 || (schemaLoading === undefined && options.unchecked !== true))
    return undefined as T;
  const [schema, data] = await Promise.all([schemaLoading, response.json() as Promise<unknown>]);
  // `unchecked`: the caller named T, the server's contract for this path (see above).
  return schema ? schema.parse(data) : (data as T);
}
