/**
 * The mixed-traffic row (issue 43): a town's traffic on one server, not one endpoint at a
 * time. 90 % map reads (half new viewport boxes, half radius pages), 8 % place pages
 * (GET /api/locations/:id/page, the one read a place page makes) and 2 % writes (votes and condition reports, each by a signed-in
 * person who logged a visit there), while 200 live streams (GET /api/live on the written
 * places' boxes) stay open and receive what the writes change. Each request's time is taken
 * per kind, so the map reads' p99 and the writes' p99 are reported apart.
 *
 * The load comes from this Node process (node:http, keep-alive), not wrk: wrk cannot time
 * kinds apart or sign in. It costs the machine more per request than wrk, so the row's
 * throughput is not comparable with the others'; its latencies are the point.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { userNameKey, userNameSkeleton } from '@playspot/core';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { cpuSnapshot, cpuUsage, type CpuUsage } from './cpu.ts';
import { smokeOr } from './smoke.ts';
import { radiusPath, randomSource, viewportPath, type Centre } from './workload.ts';

const ISSUER = 'bench-mixed';
/** The share of each kind of request (the rest of 1 are writes). */
const MAP_SHARE = 0.9;
const PAGE_SHARE = 0.08;
const BROWSER = { 'sec-fetch-site': 'same-origin' };

export interface MixedTrafficRun {
  baseUrl: string;
  serverPid: number;
  database: DatabaseHandle;
  /** Map reads are around these (a box or circle of its own for each). */
  centres: Centre[];
  connections: number;
  seconds: number;
  /** People signed in for the writes and the streams (two streams each). */
  people: number;
  streams: number;
}

export interface KindFigures {
  count: number;
  p50Ms: number;
  p99Ms: number;
}

export interface MixedTrafficFigures {
  perSecond: number;
  map: KindFigures;
  pages: KindFigures;
  writes: KindFigures;
  /** Streams that were open (200) for the whole run, and the events they received. */
  streamsOpen: number;
  streamEvents: number;
  /** Answers other than 2xx, by status. */
  failures: Record<string, number>;
  cpu: CpuUsage | null;
}

interface Person {
  cookie: string;
  place: { id: string; lat: number; lng: number };
}

/** People with sessions made straight in the database (production has no password-less sign-in). */
async function makePeople(database: DatabaseHandle, count: number): Promise<Person[]> {
  await database.query(sql`delete from users where issuer = ${ISSUER}`);
  const places = await database.query<{ id: string; lat: number; lng: number }>(
    sql`select id, latitude as lat, longitude as lng from locations order by id limit ${count}`,
  );
  const people: Person[] = [];
  for (const [i, place] of places.entries()) {
    const userName = `mixedbench${String(i)}`;
    const [user] = await database.query<{ id: string }>(sql`
      insert into users (issuer, subject, user_name, user_name_key, user_name_skeleton, display_name)
      values (${ISSUER}, ${userName}, ${userName}, ${userNameKey(userName)}, ${userNameSkeleton(userName)}, ${userName})
      returning id`);
    const token = randomBytes(32).toString('base64url');
    await database.query(sql`
      insert into sessions (token_hash, user_id, idle_expires_at, absolute_expires_at)
      values (${createHash('sha256').update(token).digest('hex')}, ${user?.id ?? null},
              now() + interval '1 day', now() + interval '2 days')`);
    people.push({ cookie: `playspot_session=${token}`, place });
  }
  return people;
}

/** Removes the people and what they wrote (votes, visits and reports go with them). */
export async function removePeople(database: DatabaseHandle): Promise<void> {
  await database.query(sql`delete from users where issuer = ${ISSUER}`);
}

interface Answer {
  status: number;
}

function request(
  agent: http.Agent,
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const sent = http.request(
      `${baseUrl}${path}`,
      {
        method,
        agent,
        headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0 });
        });
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

/** A box of about a phone's screen around a place, for a live stream. */
const streamPath = ({ lat, lng }: { lat: number; lng: number }) =>
  `/api/live?west=${String(lng - 0.025)}&south=${String(lat - 0.0175)}&east=${String(lng + 0.025)}&north=${String(lat + 0.0175)}`;

/** Opens `count` streams, two per person; resolves once each has answered. */
async function openStreams(baseUrl: string, people: Person[], count: number) {
  let open = 0;
  let events = 0;
  const requests: http.ClientRequest[] = [];
  await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const person = people[i % people.length];
      if (!person) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const sent = http.get(
          `${baseUrl}${streamPath(person.place)}`,
          { agent: false, headers: { ...BROWSER, cookie: person.cookie, accept: 'text/event-stream' } },
          (response) => {
            if (response.statusCode === 200) open++;
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              events += chunk.split('\nevent: change').length - 1;
            });
            response.on('error', () => undefined);
            resolve();
          },
        );
        sent.on('error', () => {
          resolve();
        });
        requests.push(sent);
      });
    }),
  );
  return {
    open: () => open,
    events: () => events,
    close: () => {
      for (const sent of requests) sent.destroy();
    },
  };
}

const percentileOf = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

function figuresOf(times: number[]): KindFigures {
  times.sort((a, b) => a - b);
  return { count: times.length, p50Ms: percentileOf(times, 0.5), p99Ms: percentileOf(times, 0.99) };
}

export async function runMixedTraffic(run: MixedTrafficRun): Promise<MixedTrafficFigures> {
  const { baseUrl, connections } = run;
  const people = await makePeople(run.database, run.people);
  if (people.length === 0) throw new Error('mixed traffic: no places to write to');
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  // A condition needs a visit logged there within the hour.
  for (const person of people) {
    const { id, lat, lng } = person.place;
    const visit = await request(
      agent,
      baseUrl,
      'POST',
      `/api/locations/${id}/visits`,
      { ...BROWSER, cookie: person.cookie },
      { lat, lng, accuracy: 10 },
    );
    if (visit.status >= 300) throw new Error(`mixed traffic: a visit answered ${String(visit.status)}`);
  }
  const streams = await openStreams(baseUrl, people, run.streams);
  const times = { map: [] as number[], pages: [] as number[], writes: [] as number[] };
  const failures: Record<string, number> = {};
  const random = randomSource(43);
  let next = 0;
  const pick = (): { kind: keyof typeof times; send: () => Promise<Answer> } => {
    const ticket = random();
    const centre = run.centres[next++ % run.centres.length] ?? { lat: 0, lng: 0 };
    const person = people[Math.floor(random() * people.length)] ?? people[0];
    if (!person) throw new Error('mixed traffic: no people');
    const { id } = person.place;
    if (ticket < MAP_SHARE) {
      const path = ticket < MAP_SHARE / 2 ? viewportPath(centre) : radiusPath(centre);
      return { kind: 'map', send: () => request(agent, baseUrl, 'GET', path) };
    }
    if (ticket < MAP_SHARE + PAGE_SHARE) {
      return { kind: 'pages', send: () => request(agent, baseUrl, 'GET', `/api/locations/${id}/page`) };
    }
    const headers = { ...BROWSER, cookie: person.cookie };
    return random() < 0.5
      ? {
          kind: 'writes',
          send: () =>
            request(agent, baseUrl, 'PUT', `/api/locations/${id}/vote`, headers, {
              vote: random() < 0.5 ? 'up' : 'down',
            }),
        }
      : {
          kind: 'writes',
          send: () =>
            request(agent, baseUrl, 'POST', `/api/locations/${id}/conditions`, headers, {
              kind: random() < 0.5 ? 'wet' : 'busy',
            }),
        };
  };
  const before = await cpuSnapshot(run.serverPid);
  const started = performance.now();
  const endAt = started + run.seconds * 1000;
  const worker = async () => {
    while (performance.now() < endAt) {
      const { kind, send } = pick();
      const at = performance.now();
      const { status } = await send();
      times[kind].push(performance.now() - at);
      if (status < 200 || status >= 300)
        failures[`${kind} ${String(status)}`] = (failures[`${kind} ${String(status)}`] ?? 0) + 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, worker));
    const elapsedSeconds = (performance.now() - started) / 1000;
    const cpu = cpuUsage(before, await cpuSnapshot(run.serverPid));
    const streamsOpen = streams.open();
    const total = times.map.length + times.pages.length + times.writes.length;
    return {
      perSecond: total / elapsedSeconds,
      map: figuresOf(times.map),
      pages: figuresOf(times.pages),
      writes: figuresOf(times.writes),
      streamsOpen,
      streamEvents: streams.events(),
      failures,
      cpu,
    };
  } finally {
    streams.close();
    agent.destroy();
  }
}

/** The row on a running server: 100 people and 200 streams (10 and 20 in a smoke run), removed after. */
export async function measureMixedTraffic(
  run: Omit<MixedTrafficRun, 'people' | 'streams'> & { log: (message: string) => void },
): Promise<MixedTrafficFigures> {
  const people = smokeOr(100, 10);
  const streams = smokeOr(200, 20);
  run.log(
    `API mixed traffic: ${String(run.connections)} connections for ${String(run.seconds)} s, ${String(streams)} live streams…`,
  );
  try {
    return await runMixedTraffic({ ...run, people, streams });
  } finally {
    await removePeople(run.database);
  }
}

/** The row's report in Markdown. */
export function mixedTrafficMarkdown(
  label: string,
  figures: MixedTrafficFigures,
  targetP99Ms: number,
): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const row = (kind: string, f: KindFigures) =>
    `| ${kind} | ${String(f.count)} | ${ms(f.p50Ms)} | ${ms(f.p99Ms)} |`;
  const failures = Object.entries(figures.failures)
    .map(([kind, count]) => `${kind}: ${String(count)}`)
    .join(', ');
  const requests = figures.map.count + figures.pages.count + figures.writes.count;
  const serverSeconds = figures.cpu?.processSeconds ?? null;
  const serverCpu =
    serverSeconds === null
      ? ''
      : `; the server's processes ${((serverSeconds * 1000) / requests).toFixed(3)} ms of CPU a request`;
  return [
    `### Mixed traffic${label}`,
    '',
    `${figures.perSecond.toFixed(0)} requests/s from a Node client (not wrk: the kinds are timed apart)${serverCpu}; ` +
      `${String(figures.streamsOpen)} live streams open throughout, ${String(figures.streamEvents)} change events received. ` +
      `Map p99 target ≤ ${String(targetP99Ms)} ms: **${figures.map.p99Ms <= targetP99Ms ? 'met' : 'not met'}** (${ms(figures.map.p99Ms)}).`,
    '',
    '| kind | requests | p50 | p99 |',
    '| --- | ---: | ---: | ---: |',
    row('map reads (new boxes and radius, 90 %)', figures.map),
    row('place pages (8 %)', figures.pages),
    row('writes: votes and conditions (2 %)', figures.writes),
    '',
    failures === '' ? 'Every answer was 2xx.' : `Answers other than 2xx: ${failures}.`,
    '',
  ].join('\n');
}
