/**
 * Live updates (issue 32): a stream on GET /api/live is told within moments when another
 * parent comments, votes or answers a fact on a place it follows; a stream that reconnects with
 * Last-Event-ID is sent what it missed; each caller may keep only a few open. Streams need a
 * real socket (app.inject waits for the end of an answer), so the app listens on a free port.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../db/client.ts';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { createPostgresTestDatabase, describeEachBackend } from '../../../test/database.ts';
import { addPlace, AUCKLAND } from '../../../test/places-fixtures.ts';
import { signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

interface LiveEvent {
  id: string | null;
  event: string;
  data: string;
}

/** An open stream: its parsed events as they arrive. */
class TestStream {
  readonly events: LiveEvent[] = [];
  private readonly controller = new AbortController();
  private waiters: (() => void)[] = [];

  static async open(
    baseUrl: string,
    query: string,
    headers: Record<string, string> = {},
  ): Promise<TestStream> {
    const stream = new TestStream();
    const response = await fetch(`${baseUrl}/api/live?${query}`, {
      headers,
      signal: stream.controller.signal,
    });
    expect(response.status, await (response.status === 200 ? '' : response.text())).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    void stream.read(response);
    await stream.next((event) => event.event === 'ready' || event.event === 'reset');
    return stream;
  }

  private async read(response: Response): Promise<void> {
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const fields = new Map(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':') && line.includes(': '))
              .map(
                (line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)] as const,
              ),
          );
          const event = fields.get('event');
          if (event === undefined) continue;
          this.events.push({ id: fields.get('id') ?? null, event, data: fields.get('data') ?? '' });
          for (const wake of this.waiters.splice(0)) wake();
        }
      }
    } catch {
      // Closed by the test.
    }
  }

  /** The first event (already here or still to come) that passes `test`. */
  async next(test: (event: LiveEvent) => boolean, withinMs = 2000): Promise<LiveEvent> {
    const started = performance.now();
    for (;;) {
      const found = this.events.find(test);
      if (found) return found;
      const left = withinMs - (performance.now() - started);
      if (left <= 0) throw new Error(`no such event within ${withinMs} ms: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  changesOf(locationId: string): LiveEvent[] {
    return this.events.filter((event) => event.event === 'change' && event.data.includes(locationId));
  }

  get lastId(): string {
    const id = this.events.findLast((event) => event.id !== null)?.id;
    if (!id) throw new Error('no event id yet');
    return id;
  }

  close(): void {
    this.controller.abort();
  }
}

const changeOf = (locationId: string) => (event: LiveEvent) =>
  event.event === 'change' && (JSON.parse(event.data) as { locationId: string }).locationId === locationId;

describeEachBackend('live updates', (database) => {
  let app: FastifyInstance;
  let baseUrl: string;
  let mum: SignedInTestUser;
  let dad: SignedInTestUser;
  let swings: string;
  let slide: string;
  const streams: TestStream[] = [];
  const open = async (query: string, headers: Record<string, string> = {}) => {
    const stream = await TestStream.open(baseUrl, query, headers);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      // Few kept changes, so a resume from long ago finds them gone.
      live: { perPerson: 2, perAddress: 10, backlog: 4 },
    });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    mum = await signInAs(app, 'Mum_Live');
    dad = await signInAs(app, 'Dad_Live');
    swings = (await addPlace(app, mum, { name: 'Live Swings' })).id;
    slide = (await addPlace(app, mum, { name: 'Live Slide', latitude: AUCKLAND.lat + 0.05 })).id;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await app.close();
  });

  it("tells a followed place's page of another parent's comment, vote and fact answer", async () => {
    const page = await open(`places=${swings}`);
    const comment = await app.inject({
      method: 'POST',
      url: `/api/locations/${swings}/comments`,
      headers: dad.headers,
      payload: { text: 'The big swing is back up.' },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const told = await page.next(changeOf(swings));
    const data = JSON.parse(told.data) as {
      locationId: string;
      position: { lat: number; lng: number } | null;
    };
    expect(data.locationId).toBe(swings);
    expect(data.position?.lat).toBeCloseTo(AUCKLAND.lat, 5);
    expect(data.position?.lng).toBeCloseTo(AUCKLAND.lng, 5);
    expect(Number(told.id)).toBeGreaterThan(0);

    const before = page.changesOf(swings).length;
    const vote = await app.inject({
      method: 'PUT',
      url: `/api/locations/${swings}/vote`,
      headers: dad.headers,
      payload: { vote: 'up' },
    });
    expect(vote.statusCode, vote.body).toBe(200);
    await page.next(() => page.changesOf(swings).length > before);

    const afterVote = page.changesOf(swings).length;
    const fact = await app.inject({
      method: 'PUT',
      url: `/api/locations/${swings}/facts/shade`,
      headers: dad.headers,
      payload: { value: 'yes' },
    });
    expect(fact.statusCode, fact.body).toBe(200);
    await page.next(() => page.changesOf(swings).length > afterVote);
    // A place the page does not follow is not sent.
    expect(page.changesOf(slide)).toEqual([]);
    page.close();
  });

  it('tells the map of changes inside its box, and not of places outside it', async () => {
    const box = `west=${AUCKLAND.lng - 0.01}&south=${AUCKLAND.lat - 0.01}&east=${AUCKLAND.lng + 0.01}&north=${AUCKLAND.lat + 0.01}`;
    const map = await open(box);
    await app.inject({
      method: 'PUT',
      url: `/api/locations/${slide}/vote`,
      headers: dad.headers,
      payload: { vote: 'up' },
    });
    await app.inject({
      method: 'POST',
      url: `/api/locations/${swings}/comments`,
      headers: dad.headers,
      payload: { text: 'Busy this morning.' },
    });
    await map.next(changeOf(swings));
    expect(map.changesOf(slide)).toEqual([]);
    map.close();
  });

  it('resumes after Last-Event-ID with what was missed, and says reset when it cannot', async () => {
    const first = await open(`places=${slide}`);
    const lastId = first.lastId;
    first.close();
    const comment = await app.inject({
      method: 'POST',
      url: `/api/locations/${slide}/comments`,
      headers: dad.headers,
      payload: { text: 'Slide is hot in the sun.' },
    });
    expect(comment.statusCode).toBe(201);
    // Wait until this process has applied it (its writer's response waited for that).
    const resumed = await open(`places=${slide}`, { 'last-event-id': lastId });
    await resumed.next(changeOf(slide));
    expect(resumed.events.some((event) => event.event === 'reset')).toBe(false);
    // The same resume by query (a new stream after the followed places changed).
    const byQuery = await open(`places=${slide}&lastEventId=${lastId}`);
    await byQuery.next(changeOf(slide));
    // From before the changes this process still keeps: read everything again.
    const tooOld = await open(`places=${slide}`, { 'last-event-id': '0' });
    expect(tooOld.events[0]?.event).toBe('reset');
    // Without an id nothing old is replayed.
    const fresh = await open(`places=${slide}`);
    expect(fresh.changesOf(slide)).toEqual([]);
    for (const stream of [resumed, byQuery, tooOld, fresh]) stream.close();
  });

  it('never tells anyone of a private event at a followed place (issue 44), but does of a public one', async () => {
    const page = await open(`places=${swings},${slide}`);
    const invited = await open(`places=${swings},${slide}`, dad.headers);
    const event = (isPublic: boolean, title: string) =>
      app.inject({
        method: 'POST',
        url: '/api/events',
        headers: mum.headers,
        payload: {
          locationId: swings,
          title,
          description: null,
          dayOfWeek: 'Monday',
          time: '09:30',
          repeatPattern: 'Week',
          isPublic,
          invitedUserNames: isPublic ? [] : ['Dad_Live'],
        },
      });
    const secret = await event(false, 'Birthday at the swings');
    expect(secret.statusCode, secret.body).toBe(201);
    // A change written after it, at the other followed place, arrives: the private event's
    // would have come before it (or with it).
    const vote = await app.inject({
      method: 'PUT',
      url: `/api/locations/${slide}/vote`,
      headers: dad.headers,
      payload: { vote: 'down' },
    });
    expect(vote.statusCode, vote.body).toBe(200);
    for (const stream of [page, invited]) {
      await stream.next(changeOf(slide));
      expect(stream.changesOf(swings)).toEqual([]);
    }
    // Edited and deleted, it stays unheard of too.
    const secretId = secret.json<{ event: { id: string } }>().event.id;
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/events/${secretId}`,
      headers: mum.headers,
      payload: { title: 'Birthday, moved', time: '10:30' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/events/${secretId}`,
      headers: mum.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const again = await app.inject({
      method: 'PUT',
      url: `/api/locations/${slide}/vote`,
      headers: dad.headers,
      payload: { vote: 'up' },
    });
    expect(again.statusCode, again.body).toBe(200);
    for (const stream of [page, invited]) {
      await expect.poll(() => stream.changesOf(slide).length).toBe(2);
      expect(stream.changesOf(swings)).toEqual([]);
    }
    const shared = await event(true, 'Toddler morning');
    expect(shared.statusCode, shared.body).toBe(201);
    await page.next(changeOf(swings));
    // A public event turning private is a change everyone sees (it leaves the place's list).
    const heard = page.changesOf(swings).length;
    const hidden = await app.inject({
      method: 'PATCH',
      url: `/api/events/${shared.json<{ event: { id: string } }>().event.id}`,
      headers: mum.headers,
      payload: { isPublic: false, invitedUserNames: ['Dad_Live'] },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    await expect.poll(() => page.changesOf(swings).length).toBe(heard + 1);
    page.close();
    invited.close();
  });

  it('caps the open streams of one person and refuses bad input in the one error shape', async () => {
    const a = await open(`places=${swings}`, mum.headers);
    const b = await open(`places=${swings}`, mum.headers);
    const third = await fetch(`${baseUrl}/api/live?places=${swings}`, { headers: mum.headers });
    expect(third.status).toBe(429);
    expect(((await third.json()) as { error: { code: string } }).error.code).toBe('too_many_streams');
    // Another person is not counted with her.
    const other = await open(`places=${swings}`, dad.headers);
    // Closing one frees a place.
    a.close();
    await expect
      .poll(async () => {
        const response = await fetch(`${baseUrl}/api/live?places=${swings}`, { headers: mum.headers });
        await response.body?.cancel();
        return response.status;
      })
      .toBe(200);
    b.close();
    other.close();

    for (const query of ['', 'places=nope', `places=${swings}&west=1`, `places=${swings}&all=1`]) {
      const response = await app.inject({ url: `/api/live?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBeTypeOf('string');
    }
  });
});

describe.skipIf(!inject('postgresTemplateDatabase'))('live updates across two processes [postgres]', () => {
  let first: { handle: DatabaseHandle; url: string };
  let secondPool: DatabaseHandle;
  let writer: FastifyInstance;
  let reader: FastifyInstance;

  beforeAll(async () => {
    first = await createPostgresTestDatabase();
    secondPool = openPostgres(first.url, { max: 5 });
    writer = await buildApp({ database: first.handle, storage: testStorage(), auth: testAuthConfig() });
    reader = await buildApp({ database: secondPool, storage: testStorage(), auth: testAuthConfig() });
    await writer.ready();
  });
  afterAll(async () => {
    await reader.close();
    await writer.close();
    await secondPool.close();
    await first.handle.close();
  });

  it('tells a page open on one process of a comment written through the other', async () => {
    const readerUrl = await reader.listen({ port: 0, host: '127.0.0.1' });
    const parent = await signInAs(writer, 'Writer_Live');
    const { id } = await addPlace(writer, parent, { name: 'Across Processes' });
    const page = await TestStream.open(readerUrl, `places=${id}`);
    await writer.inject({
      method: 'POST',
      url: `/api/locations/${id}/comments`,
      headers: parent.headers,
      payload: { text: 'Seen on the other server.' },
    });
    await page.next(changeOf(id));
    page.close();
  });
});
