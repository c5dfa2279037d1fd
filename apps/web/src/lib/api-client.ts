/**
 * The one API client: same-origin JSON requests to /api, responses checked against the
 * zod schemas of @playspot/core, and every failure turned into an ApiError carrying the
 * server's `{error:{code,message}}`.
 */

/** What a response check needs: the zod schemas of @playspot/core fit this shape. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
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

/** `/api/x?a=1&b=2`, leaving out undefined, null and '' values. */
export function apiUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

interface RequestOptions<T> {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly query?: Record<string, QueryValue>;
  readonly body?: unknown;
  readonly signal?: AbortSignal | undefined;
  /** Validates the response; omit for responses without a body. */
  readonly schema?: ResponseSchema<T>;
  /** Keeps the request alive while the page unloads. */
  readonly keepalive?: boolean;
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    const { code, message } = body.error ?? {};
    if (typeof code === 'string' && typeof message === 'string') {
      return new ApiError(response.status, code, message);
    }
  } catch {
    // Not our JSON error shape (a proxy page, an empty body): fall through.
  }
  return new ApiError(response.status, 'http_error', `The server answered ${response.status}.`);
}

export async function apiRequest<T = undefined>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', query, body, signal, schema, keepalive } = options;
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
      keepalive: keepalive ?? false,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', 'No connection to PlaySpot. Check your internet and try again.', {
      cause: error,
    });
  }
  if (!response.ok) throw await errorFromResponse(response);
  // Without a schema the caller expects no body (204, or a body it does not read).
  if (schema === undefined || response.status === 204) return undefined as T;
  return schema.parse(await response.json());
}
