/**
 * Open311 GeoReport v2 as a client (issue 48): `POST requests.json` files a service request,
 * `GET requests/{id}.json` says whether it is closed, `GET tokens/{token}.json` turns the
 * token a server may answer with first into the request id. Form-encoded in, JSON out, as the
 * specification has it. Every call gives up after REQUEST_TIMEOUT_MS.
 */
import { georeportCreatedSchema, georeportRequestsSchema } from '@playspot/core';

const REQUEST_TIMEOUT_MS = 15_000;

export interface GeoReportService {
  /** The endpoint's base URL (`…/open311/v2`), as the area keeps it. */
  endpoint: string;
  apiKey: string | null;
}

/** `requests.json` under the endpoint, whether or not it ends with a slash. */
function urlOf(endpoint: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, endpoint.endsWith('/') ? endpoint : `${endpoint}/`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
}

async function jsonOf(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`${what}: the answer is not JSON`);
  }
}

const idText = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? null : String(value);

/** Files the request; its id, or (some servers) a token to ask for the id later. */
export async function postServiceRequest(
  service: GeoReportService,
  fields: Record<string, string>,
): Promise<{ requestId: string | null; token: string | null }> {
  const response = await fetch(urlOf(service.endpoint, 'requests.json'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields).toString(),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const parsed = georeportCreatedSchema.safeParse(await jsonOf(response, 'Open311 POST requests'));
  if (!parsed.success)
    throw new Error('Open311 POST requests: the answer is not a GeoReport v2 request list');
  const [first] = parsed.data;
  const requestId = idText(first?.service_request_id);
  const token = idText(first?.token);
  if (requestId === null && token === null)
    throw new Error('Open311 POST requests: the answer has neither service_request_id nor token');
  return { requestId, token };
}

async function requestsAt(service: GeoReportService, path: string, what: string) {
  const query: Record<string, string> = service.apiKey === null ? {} : { api_key: service.apiKey };
  const response = await fetch(urlOf(service.endpoint, path, query), {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const parsed = georeportRequestsSchema.safeParse(await jsonOf(response, what));
  if (!parsed.success) throw new Error(`${what}: the answer is not a GeoReport v2 request list`);
  return parsed.data;
}

/** The request's status as the server says it ('open', 'closed'), or null when it does not say. */
export async function serviceRequestStatus(
  service: GeoReportService,
  requestId: string,
): Promise<string | null> {
  const [request] = await requestsAt(
    service,
    `requests/${encodeURIComponent(requestId)}.json`,
    'Open311 GET requests/{id}',
  );
  return request?.status ?? null;
}

/** The request id behind a token, or null while the server has none yet. */
export async function requestIdOfToken(service: GeoReportService, token: string): Promise<string | null> {
  const [request] = await requestsAt(
    service,
    `tokens/${encodeURIComponent(token)}.json`,
    'Open311 GET tokens/{token}',
  );
  return idText(request?.service_request_id);
}
