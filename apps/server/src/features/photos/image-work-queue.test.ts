import { describe, expect, it } from 'vitest';
import { ServerBusyError } from '../../lib/write-admission.ts';
import {
  IMAGE_WORK_BUSY_MESSAGE,
  createImageWorkQueue,
  libuvThreadPoolSize,
  resolveImageWorkLimits,
  type ImageWorkQueue,
} from './image-work-queue.ts';

/** A job that runs until the test finishes it, recording when it started. */
function heldJob(started: string[], name: string) {
  const { promise, resolve, reject } = Promise.withResolvers<string>();
  return {
    work: () => {
      started.push(name);
      return promise;
    },
    finish: () => {
      resolve(name);
    },
    fail: (error: Error) => {
      reject(error);
    },
  };
}

/** Lets every already-settled promise's callbacks run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

async function expectBusy(queue: ImageWorkQueue, work: () => Promise<unknown>): Promise<void> {
  const refused = await queue.run(work).then(
    () => null,
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(ServerBusyError);
  expect(refused).toMatchObject({ statusCode: 503, message: IMAGE_WORK_BUSY_MESSAGE });
  expect((refused as ServerBusyError).retryAfterSeconds).toBeGreaterThan(0);
}

describe('image work queue', () => {
  it('runs at most `workers` jobs at once and starts the waiting ones in arrival order', async () => {
    const queue = createImageWorkQueue({ workers: 2, queueLength: 3 });
    const started: string[] = [];
    const jobs = ['a', 'b', 'c', 'd', 'e'].map((name) => heldJob(started, name));
    const results = jobs.map((job) => queue.run(job.work));
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(queue.stats()).toEqual({ running: 2, waiting: 3 });

    jobs[1]?.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    jobs[0]?.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    for (const job of jobs.slice(2)) job.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once with 503 beyond the queue, without starting the job', async () => {
    const queue = createImageWorkQueue({ workers: 1, queueLength: 1 });
    const started: string[] = [];
    const running = heldJob(started, 'running');
    const waiting = heldJob(started, 'waiting');
    const results = [queue.run(running.work), queue.run(waiting.work)];
    await expectBusy(queue, () => {
      started.push('refused');
      return Promise.resolve();
    });
    expect(started).toEqual(['running']);

    running.finish();
    waiting.finish();
    await Promise.all(results);
    // Room again once the queue has drained.
    expect(await queue.run(() => Promise.resolve('later'))).toBe('later');
  });

  it('with no queue, refuses whatever finds every worker busy', async () => {
    const queue = createImageWorkQueue({ workers: 1, queueLength: 0 });
    const job = heldJob([], 'only');
    const result = queue.run(job.work);
    await expectBusy(queue, () => Promise.resolve());
    job.finish();
    expect(await result).toBe('only');
  });

  it('gives the worker back when a job fails, and passes the failure on', async () => {
    const queue = createImageWorkQueue({ workers: 1, queueLength: 1 });
    const started: string[] = [];
    const failing = heldJob(started, 'failing');
    const next = heldJob(started, 'next');
    const failed = queue.run(failing.work);
    const after = queue.run(next.work);
    failing.fail(new Error('corrupt image'));
    await expect(failed).rejects.toThrow('corrupt image');
    await settle();
    expect(started).toEqual(['failing', 'next']);
    next.finish();
    expect(await after).toBe('next');
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('gives the worker back when a job throws before returning a promise', async () => {
    const queue = createImageWorkQueue({ workers: 1, queueLength: 0 });
    await expect(
      queue.run(() => {
        throw new Error('thrown at once');
      }),
    ).rejects.toThrow('thrown at once');
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('assertRoom refuses exactly when run would', async () => {
    const queue = createImageWorkQueue({ workers: 1, queueLength: 1 });
    expect(() => {
      queue.assertRoom();
    }).not.toThrow();
    const first = heldJob([], 'first');
    const second = heldJob([], 'second');
    const results = [queue.run(first.work)];
    expect(() => {
      queue.assertRoom();
    }).not.toThrow();
    results.push(queue.run(second.work));
    expect(() => {
      queue.assertRoom();
    }).toThrow(ServerBusyError);
    first.finish();
    second.finish();
    await Promise.all(results);
    expect(() => {
      queue.assertRoom();
    }).not.toThrow();
  });

  it.each([
    { workers: 0, queueLength: 1 },
    { workers: 1.5, queueLength: 1 },
    { workers: 1, queueLength: -1 },
  ])('refuses the limits $workers workers, queue $queueLength', (limits) => {
    expect(() => createImageWorkQueue(limits)).toThrow(RangeError);
  });
});

describe('image work limits', () => {
  it.each([
    // One worker per core, a queue of two per worker…
    {
      workers: undefined,
      queueLength: undefined,
      cores: 2,
      threadPoolSize: 4,
      expected: { workers: 2, queueLength: 4 },
    },
    // …but one libuv thread always stays free for file reads.
    {
      workers: undefined,
      queueLength: undefined,
      cores: 16,
      threadPoolSize: 4,
      expected: { workers: 3, queueLength: 6 },
    },
    {
      workers: undefined,
      queueLength: undefined,
      cores: 16,
      threadPoolSize: 17,
      expected: { workers: 16, queueLength: 32 },
    },
    {
      workers: undefined,
      queueLength: undefined,
      cores: 1,
      threadPoolSize: 4,
      expected: { workers: 1, queueLength: 2 },
    },
    // Settings win.
    {
      workers: 3,
      queueLength: undefined,
      cores: 2,
      threadPoolSize: 4,
      expected: { workers: 3, queueLength: 6 },
    },
    { workers: 1, queueLength: 0, cores: 8, threadPoolSize: 4, expected: { workers: 1, queueLength: 0 } },
  ])(
    '$cores cores, thread pool $threadPoolSize, settings $workers/$queueLength',
    ({ expected, ...settings }) => {
      expect(resolveImageWorkLimits(settings)).toEqual(expected);
    },
  );

  it('refuses workers that would take the whole thread pool, naming both settings', () => {
    expect(() =>
      resolveImageWorkLimits({ workers: 4, queueLength: undefined, cores: 8, threadPoolSize: 4 }),
    ).toThrow(/IMAGE_WORKERS \(4\) must be below UV_THREADPOOL_SIZE \(4\)/);
  });

  it('reads the thread pool size from UV_THREADPOOL_SIZE, else libuv’s 4', () => {
    expect(libuvThreadPoolSize({})).toBe(4);
    expect(libuvThreadPoolSize({ UV_THREADPOOL_SIZE: '12' })).toBe(12);
    expect(libuvThreadPoolSize({ UV_THREADPOOL_SIZE: 'lots' })).toBe(4);
  });
});
