import type { PhotoUploadResult } from '@playspot/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { MAX_RETRY_WAIT_SECONDS, photoForm, uploadPhoto } from './upload-photo.ts';

const stored: PhotoUploadResult = {
  photo: { url: '/a.webp', thumbnailUrl: '/thumb_a.webp', width: 800, height: 600 },
  reward: { change: 100, points: 100, level: 1, leveledUp: false },
  facesBlurred: 0,
};
const BUSY_MESSAGE = 'Lots of photos are being uploaded right now. Try again in a few seconds.';

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Stands in for XMLHttpRequest: each send takes the next prepared answer. */
function fakeServer(answers: Answer[]) {
  const sent: string[] = [];
  class FakeXhr extends EventTarget {
    status = 0;
    responseText = '';
    responseType = '';
    withCredentials = false;
    readonly upload = new EventTarget();
    private headers: Record<string, string> = {};
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader(name: string) {
      return this.headers[name.toLowerCase()] ?? null;
    }
    send() {
      sent.push(this.url);
      const answer = answers.shift();
      queueMicrotask(() => {
        if (!answer) {
          this.dispatchEvent(new Event('error'));
          return;
        }
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.headers = answer.headers ?? {};
        this.dispatchEvent(new Event('load'));
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent };
}

const busy = (retryAfter: string): Answer => ({
  status: 503,
  body: { error: { code: 'server_busy', message: BUSY_MESSAGE } },
  headers: { 'retry-after': retryAfter },
});

const upload = () => uploadPhoto('/api/locations/1/photos', new Blob(['x']), () => {});

/** Settles `promise` while fake time runs; its outcome. */
async function outcome<T>(promise: Promise<T>) {
  const settled = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return settled;
}

describe('uploadPhoto when the server is busy', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits the Retry-After seconds and tries once more', async () => {
    const server = fakeServer([busy('2'), { status: 201, body: stored }]);
    const pending = upload();
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.sent).toHaveLength(1);
    expect(await outcome(pending)).toEqual({ value: stored });
    expect(server.sent).toHaveLength(2);
  });

  it("gives up after the second refusal with the server's message for the person", async () => {
    const server = fakeServer([busy('1'), busy('1'), { status: 201, body: stored }]);
    const { error } = (await outcome(upload())) as { error: ApiError };
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'server_busy', message: BUSY_MESSAGE });
    expect(server.sent).toHaveLength(2);
  });

  it.each([
    ['asks for a longer pause than we wait out', String(MAX_RETRY_WAIT_SECONDS + 1)],
    ['gives no usable Retry-After', 'Wed, 21 Oct 2015 07:28:00 GMT'],
  ])('shows the message at once when the server %s', async (_case, retryAfter) => {
    const server = fakeServer([busy(retryAfter), { status: 201, body: stored }]);
    const { error } = (await outcome(upload())) as { error: ApiError };
    expect(error.message).toBe(BUSY_MESSAGE);
    expect(server.sent).toHaveLength(1);
  });

  it('does not retry other refusals', async () => {
    const server = fakeServer([
      { status: 415, body: { error: { code: 'unsupported_image', message: 'Not a photo.' } } },
      { status: 201, body: stored },
    ]);
    const { error } = (await outcome(upload())) as { error: ApiError };
    expect(error).toMatchObject({ status: 415, message: 'Not a photo.' });
    expect(server.sent).toHaveLength(1);
  });
});

describe('photoForm', () => {
  it('sends the added blur boxes as JSON before the photo, and no field when there are none', async () => {
    const box = { x: 0.1, y: 0.2, width: 0.12, height: 0.16 };
    const form = photoForm(new File(['x'], 'slide.jpg', { type: 'image/jpeg' }), [box]);
    expect([...form.keys()]).toEqual(['blurBoxes', 'photo']);
    expect(JSON.parse(form.get('blurBoxes') as string)).toEqual([box]);
    expect((form.get('photo') as File).name).toBe('slide.jpg');

    const plain = photoForm(new Blob(['x'], { type: 'image/jpeg' }));
    expect([...plain.keys()]).toEqual(['photo']);
    expect((plain.get('photo') as File).name).toBe('photo.jpg');
    expect(await (plain.get('photo') as File).text()).toBe('x');
  });
});
