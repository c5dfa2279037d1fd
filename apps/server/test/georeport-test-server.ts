/**
 * A real HTTP server speaking Open311 GeoReport v2 for the delivery tests (issue 48), as the
 * specification defines it: `POST requests.json` (form-encoded: api_key, service_code, lat,
 * long, description, media_url…) answers `[{"service_request_id": …}]`; `GET
 * requests/{id}.json` answers the request with its `status`, open until the test closes it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FiledRequest {
  id: string;
  fields: Record<string, string>;
  status: 'open' | 'closed';
}

export interface TestGeoReportServer {
  /** The endpoint base, as an area keeps it. */
  endpoint: string;
  readonly filed: FiledRequest[];
  /** GET requests/{id} calls answered. */
  readonly polls: number;
  /** The council closes the request (its crew fixed the equipment). */
  closeRequest(id: string): void;
  close(): Promise<void>;
}

const API_KEY = 'council-key';
export const GEOREPORT_TEST_API_KEY = API_KEY;

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startGeoReportServer(): Promise<TestGeoReportServer> {
  const filed: FiledRequest[] = [];
  let polls = 0;
  let nextId = 638344;
  /** The answer to one request, as GeoReport v2 gives it: a status and a JSON body. */
  const answer = async (request: IncomingMessage): Promise<[number, unknown]> => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'POST' && url.pathname === '/open311/v2/requests.json') {
      if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
        return [400, [{ code: 400, description: 'form-encoded body expected' }]];
      const fields = Object.fromEntries(new URLSearchParams(await bodyOf(request)));
      if (fields.api_key !== API_KEY) return [403, [{ code: 403, description: 'Invalid api_key' }]];
      for (const required of ['service_code', 'lat', 'long'])
        if (!fields[required]) return [400, [{ code: 400, description: `${required} was not provided` }]];
      const id = String(nextId++);
      filed.push({ id, fields, status: 'open' });
      return [200, [{ service_request_id: id, service_notice: 'Thank you', account_id: null }]];
    }
    const match = /^\/open311\/v2\/requests\/([^/]+)\.json$/.exec(url.pathname);
    if (request.method === 'GET' && match) {
      polls++;
      const found = filed.find((item) => item.id === decodeURIComponent(match[1] ?? ''));
      if (!found) return [404, [{ code: 404, description: 'No such request' }]];
      return [
        200,
        [
          {
            service_request_id: found.id,
            status: found.status,
            service_code: found.fields.service_code,
            description: found.fields.description,
            lat: Number(found.fields.lat),
            long: Number(found.fields.long),
            requested_datetime: '2026-11-24T09:00:00Z',
            updated_datetime: '2026-11-24T10:00:00Z',
          },
        ],
      ];
    }
    return [404, [{ code: 404, description: 'Not found' }]];
  };
  const server = createServer((request, response) => {
    void answer(request).then(([status, body]) => {
      send(response, status, body);
    });
  });
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/open311/v2`,
    filed,
    get polls() {
      return polls;
    },
    closeRequest(id) {
      const found = filed.find((item) => item.id === id);
      if (!found) throw new Error(`no request ${id}`);
      found.status = 'closed';
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
