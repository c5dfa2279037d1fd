/**
 * The delivery job across two real server processes on one PostgreSQL database (issue 48),
 * with a real SMTP server: a process killed (kill -9) in the middle of sending an e-mail is
 * restarted and the e-mail is sent exactly once (by whichever process takes the job over); a
 * refusing SMTP server is tried once and retried twice in all — not once per process — and the
 * delivery then shows as failed to admins.
 */
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { createPostgresTestDatabase } from './database.ts';
import { spawnServer, waitForReady, type ServerProcess } from './server-process.ts';
import { AUCKLAND } from './places-fixtures.ts';
import { squareAround } from './maintenance-fixtures.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp-test-server.ts';
import { until } from './wait-until.ts';

const PUBLIC_ORIGIN = 'http://playspot.test';

interface RunningServer extends ServerProcess {
  url: string;
}

async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const server = spawnServer({ PUBLIC_URL: PUBLIC_ORIGIN, ...env });
  try {
    return { ...server, url: await waitForReady(server) };
  } catch (error) {
    server.child.kill('SIGKILL');
    throw error;
  }
}

describe.skipIf(!inject('postgresTemplateDatabase'))(
  'delivery jobs across two server processes [postgres]',
  () => {
    let database: { handle: DatabaseHandle; url: string };
    let smtp: TestSmtpServer;
    let dataDir = '';
    let env: Record<string, string> = {};
    const servers: RunningServer[] = [];
    const headersOf = new Map<string, Record<string, string>>();

    const call = async (
      server: RunningServer,
      userName: string,
      method: string,
      url: string,
      body?: unknown,
    ) => {
      const response = await fetch(`${server.url}${url}`, {
        method,
        headers: headersOf.get(userName) ?? {},
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    };
    const signIn = async (server: RunningServer, userName: string) => {
      const response = await fetch(`${server.url}/api/auth/development/sign-in`, {
        method: 'POST',
        headers: { origin: PUBLIC_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ userName }),
      });
      expect(response.status).toBe(200);
      const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      headersOf.set(userName, { origin: PUBLIC_ORIGIN, cookie, 'content-type': 'application/json' });
    };
    /** A parent at the place through this process: a visit, then "the swing is broken". */
    const reportBroken = async (
      server: RunningServer,
      userName: string,
      placeId: string,
      equipment: string,
    ) => {
      await call(server, userName, 'POST', `/api/locations/${placeId}/visits`, { ...AUCKLAND, accuracy: 10 });
      const report = await call(server, userName, 'POST', `/api/locations/${placeId}/conditions`, {
        kind: 'broken',
        equipment,
      });
      expect(report.status).toBeLessThan(300);
    };
    const newPlace = async (server: RunningServer, name: string) => {
      const response = await call(server, 'mum_processes', 'POST', '/api/locations', {
        name,
        latitude: AUCKLAND.lat,
        longitude: AUCKLAND.lng,
        tags: [],
        ageRanges: [],
        indoor: false,
        free: true,
      });
      expect(response.status).toBe(201);
      return (response.json.location as { id: string }).id;
    };
    const deliveryOf = async (server: RunningServer, placeId: string) => {
      const response = await call(server, 'admin_processes', 'GET', '/api/admin/deliveries');
      return (response.json.deliveries as { place: { id: string }; state: string; attempts: number }[]).find(
        (delivery) => delivery.place.id === placeId,
      );
    };

    beforeAll(async () => {
      database = await createPostgresTestDatabase();
      smtp = await startSmtpServer();
      dataDir = await mkdtemp(path.join(tmpdir(), 'playspot-delivery-'));
      env = {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'info',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'PlaySpot <noreply@playspot.test>',
        DELIVERY_RETRIES: '2',
        DELIVERY_RETRY_SECONDS: '1',
        DELIVERY_TIMEOUT_SECONDS: '3',
      };
      servers.push(await startServer(env), await startServer(env));
      const [first, second] = servers as [RunningServer, RunningServer];
      for (const userName of ['admin_processes', 'mum_processes']) await signIn(first, userName);
      await signIn(second, 'dad_processes');
      await database.handle.query(
        sql`update users set role = 'admin' where user_name_key = 'admin_processes'`,
      );
      const area = await call(first, 'admin_processes', 'POST', '/api/admin/areas', {
        name: 'Two Process Council',
        email: 'parks@council.test',
        boundary: squareAround(AUCKLAND, 0.05),
      });
      expect(area.status).toBe(201);
    }, 200_000);
    afterAll(async () => {
      for (const server of servers) server.child.kill('SIGKILL');
      await Promise.all(servers.map((server) => server.exited));
      await smtp.close();
      await database.handle.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('a process killed mid-delivery: after a restart the e-mail is sent exactly once', async () => {
      smtp.mode = 'hang';
      const [first, second] = servers as [RunningServer, RunningServer];
      const placeId = await newPlace(first, 'Restart Park');
      await reportBroken(first, 'mum_processes', placeId, 'swing');
      await reportBroken(second, 'dad_processes', placeId, 'swing');
      await until(
        async () => smtp.hung,
        (hung) => hung === 1,
        30_000,
      );
      // The process in the middle of sending is the one that logged taking the job.
      const sending = servers.findIndex((server) => server.output().includes('delivering a defect'));
      const victim = servers[sending];
      if (!victim) throw new Error('no process took the job');
      victim.child.kill('SIGKILL');
      await victim.exited;
      smtp.mode = 'accept';
      servers[sending] = await startServer(env);
      const [mail] = await smtp.waitForAccepted(1, 60_000);
      expect(mail?.subject).toBe('Broken swing at Restart Park (PlaySpot)');
      // Time for any second sending: none comes.
      await new Promise((resolve) => setTimeout(resolve, 8000));
      expect(smtp.accepted).toHaveLength(1);
      expect(smtp.hung).toBe(1);
      expect(await deliveryOf(servers[0] as RunningServer, placeId)).toMatchObject({
        state: 'sent',
        attempts: 2,
      });
    }, 150_000);

    it('a refusing SMTP server: one try and two retries in all, then failed for admins', async () => {
      smtp.mode = 'refuse';
      const [first, second] = servers as [RunningServer, RunningServer];
      const placeId = await newPlace(first, 'Refusing Park');
      await reportBroken(second, 'mum_processes', placeId, 'slide');
      await reportBroken(first, 'dad_processes', placeId, 'slide');
      const failed = await until(
        () => deliveryOf(first, placeId),
        (delivery) => delivery?.state === 'failed',
        60_000,
      );
      expect(failed).toMatchObject({ state: 'failed', attempts: 3 });
      await new Promise((resolve) => setTimeout(resolve, 4000));
      expect(smtp.refused).toBe(3);
      expect(smtp.accepted).toHaveLength(1);
    }, 120_000);
  },
);
