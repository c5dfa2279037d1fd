/**
 * Slow uploads against a real listening server: connections that send their body a byte at a
 * time (the slow-loris attack) from a few accounts must not keep other people's photos out.
 * - a body that falls behind the minimum pace is answered 408 and its slot is free at once;
 * - one network address holds at most half the upload slots, whatever accounts it uses.
 * Four upload slots here (one image worker, three waiting places), as a small server has.
 */
import type { FastifyInstance } from 'fastify';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace } from '../../../test/places-fixtures.ts';
import { signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { multipartPhoto, smallPng } from '../../../test/upload-fixtures.ts';
import { buildApp } from '../../app.ts';
import { UPLOAD_TOO_SLOW_MESSAGE, type UploadPace } from '../../lib/upload-pace.ts';
import { createImageWorkQueue } from './image-work-queue.ts';

/** Connections still open, so a test can cut those it left dribbling. */
const openSockets = new Set<Socket>();

interface RawAnswer {
  status: number;
  body: string;
  /** When the answer's first byte arrived. */
  at: number;
}

/**
 * Sends an upload over a plain TCP connection: the whole body at once, or (`dribbleMs`) its
 * first bytes and then one byte every `dribbleMs` until the server answers or closes.
 */
function rawUpload(
  port: number,
  path: string,
  user: SignedInTestUser,
  address: string,
  body: { payload: Buffer; contentType: string },
  dribbleMs?: number,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    openSockets.add(socket);
    const head = [
      `POST ${path} HTTP/1.1`,
      'Host: localhost:3000',
      `Origin: ${user.headers.origin ?? ''}`,
      'Sec-Fetch-Site: same-origin',
      `Cookie: ${user.cookie}`,
      `X-Forwarded-For: ${address}`,
      `Content-Type: ${body.contentType}`,
      `Content-Length: ${body.payload.length}`,
      'Connection: close',
      '',
      '',
    ].join('\r\n');
    let received = '';
    let at = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (chunk: Buffer) => {
      at ||= Date.now();
      received += chunk.toString();
    });
    socket.on('error', () => {
      // A reset after the answer is the server closing a connection it stopped reading.
    });
    socket.on('close', () => {
      openSockets.delete(socket);
      clearInterval(timer);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]);
      if (!status) {
        reject(new Error(`no answer: ${JSON.stringify(received)}`));
        return;
      }
      resolve({ status, body: received.slice(received.indexOf('\r\n\r\n') + 4), at });
    });
    socket.on('connect', () => {
      if (dribbleMs === undefined) {
        socket.write(Buffer.concat([Buffer.from(head), body.payload]));
        return;
      }
      let sent = 16;
      socket.write(Buffer.concat([Buffer.from(head), body.payload.subarray(0, sent)]));
      timer = setInterval(() => {
        if (sent >= body.payload.length || socket.destroyed) return;
        socket.write(body.payload.subarray(sent, sent + 1));
        sent++;
      }, dribbleMs);
    });
  });
}

/** Waits until the app's upload line has `count` uploads running (their bodies being read). */
async function uploadsRunning(app: FastifyInstance, count: number): Promise<void> {
  while (app.writeAdmissions.uploads.stats().running < count) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function answerCode(answer: RawAnswer): string | undefined {
  try {
    return (JSON.parse(answer.body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

describeEachBackend('slow uploads', (database) => {
  const apps: FastifyInstance[] = [];
  let attackers: SignedInTestUser[] = [];
  let victim: SignedInTestUser;
  let photo: { payload: Buffer; contentType: string };

  async function listeningApp(
    uploadPace: UploadPace,
  ): Promise<{ app: FastifyInstance; port: number; locationId: string }> {
    const app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      imageWork: createImageWorkQueue({ workers: 1, queueLength: 3 }),
      uploadPace,
      trustProxy: true,
      // Faces are not the subject here; the detector's threads would only slow the test down.
      findFaces: () => Promise.resolve([]),
    });
    apps.push(app);
    attackers = await Promise.all(['Loris_A', 'Loris_B', 'Loris_C'].map((name) => signInAs(app, name)));
    victim = await signInAs(app, 'Patient_Parent');
    const locationId = (await addPlace(app, victim, { name: `Slow Upload Park ${apps.length}` })).id;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    return { app, port: address.port, locationId };
  }

  beforeAll(async () => {
    photo = multipartPhoto(await smallPng());
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('drops bodies that dribble (six connections, three accounts, every slot): 408, and another person uploads at once', async () => {
    // The floor applies after one second; bytes keep coming, so it is the pace that fails them.
    const { app, port, locationId } = await listeningApp({
      graceMs: 1_000,
      minBytesPerSecond: 4 * 1024,
      stallMs: 10_000,
      checkEveryMs: 100,
    });
    const path = `/api/locations/${locationId}/photos`;
    // Each from an address of its own, so the per-address cap leaves every slot to them.
    const dribbling = attackers.flatMap((attacker, index) =>
      [1, 2].map((connection) =>
        rawUpload(port, path, attacker, `203.0.113.${index * 2 + connection}`, photo, 250),
      ),
    );
    await uploadsRunning(app, 4);
    // Without the pace the six hold every slot for as long as the request timeout allows, and
    // the parent waits the 30 s the upload line allows and gets 503.
    const upload = await rawUpload(port, path, victim, '198.51.100.7', photo);
    expect(upload.status, upload.body).toBe(201);
    const refused = await Promise.all(dribbling);
    for (const answer of refused) {
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toEqual({
        error: { code: 'upload_too_slow', message: UPLOAD_TOO_SLOW_MESSAGE },
      });
    }
  }, 60_000);

  it('a stalled body frees its slot: 408, and the upload after it is stored', async () => {
    const { port, locationId } = await listeningApp({
      graceMs: 60_000,
      minBytesPerSecond: 4 * 1024,
      stallMs: 1_000,
      checkEveryMs: 100,
    });
    const path = `/api/locations/${locationId}/photos`;
    // 16 bytes, then nothing: the dribble interval is longer than the test.
    const stalled = await Promise.all(
      attackers.flatMap((attacker, index) =>
        [1, 2].map((connection) =>
          rawUpload(port, path, attacker, `203.0.113.${index * 2 + connection}`, photo, 3_600_000),
        ),
      ),
    );
    expect(stalled.map((answer) => [answer.status, answerCode(answer)])).toEqual(
      Array.from({ length: 6 }, () => [408, 'upload_too_slow']),
    );
    expect((await rawUpload(port, path, victim, '198.51.100.7', photo)).status).toBe(201);
  }, 60_000);

  it('one address holds at most half the slots, whichever accounts it signs in with', async () => {
    // A grace longer than the test: only the address cap can let the parent in.
    const { app, port, locationId } = await listeningApp({
      graceMs: 60_000,
      minBytesPerSecond: 4 * 1024,
      stallMs: 60_000,
      checkEveryMs: 100,
    });
    const path = `/api/locations/${locationId}/photos`;
    let attackAnswered = 0;
    const dribbling = attackers.flatMap((attacker) =>
      [1, 2].map(() =>
        rawUpload(port, path, attacker, '203.0.113.50', photo, 250).finally(() => {
          attackAnswered++;
        }),
      ),
    );
    // Two of the six hold slots (the address's half); without the cap all four would be theirs.
    await uploadsRunning(app, 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(app.writeAdmissions.uploads.stats()).toMatchObject({ running: 2 });
    const upload = await rawUpload(port, path, victim, '198.51.100.7', photo);
    expect(upload.status, upload.body).toBe(201);
    // The parent was served while all six were still dribbling.
    expect(attackAnswered).toBe(0);
    for (const socket of openSockets) socket.destroy();
    await Promise.allSettled(dribbling);
  }, 60_000);
});
