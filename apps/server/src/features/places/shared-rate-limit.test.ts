/**
 * With REDIS_URL, write limits are shared by every server process: a person cannot get
 * twice the allowance by landing on another instance. Runs when TEST_REDIS_URL is set
 * (CI sets it; a fresh machine has no Redis).
 */
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { addPlace } from '../../../test/places-fixtures.ts';
import { signInAs } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { WRITE_RATE_LIMIT } from '../../lib/rate-limits.ts';

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('write limits shared through Redis', () => {
  let handle: DatabaseHandle;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    if (!redisUrl) return;
    const redis = new Redis(redisUrl);
    await redis.flushdb();
    redis.disconnect();
    handle = await createTestDatabase('pglite');
    for (let i = 0; i < 2; i++) {
      apps.push(
        await buildApp({ database: handle, storage: testStorage(), auth: testAuthConfig(), redisUrl }),
      );
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await handle.close();
  });

  it('counts one person’s votes across two server instances', async () => {
    const [first, second] = apps;
    if (!first || !second) throw new Error('apps not built');
    const voter = await signInAs(first, 'Busy_Voter');
    const { id } = await addPlace(first, voter);
    const statuses: number[] = [];
    // Alternating instances: each alone would allow all of these (half the allowance each).
    const attempts = WRITE_RATE_LIMIT.max + 10;
    for (let i = 0; i < attempts; i++) {
      const app = i % 2 === 0 ? first : second;
      const response = await app.inject({
        method: 'PUT',
        url: `/api/locations/${id}/vote`,
        headers: voter.headers,
        payload: { vote: i % 4 < 2 ? 'up' : 'down' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 200).length).toBe(WRITE_RATE_LIMIT.max);
    expect(statuses.filter((status) => status === 429).length).toBe(10);
  });
});
