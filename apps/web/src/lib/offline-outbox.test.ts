import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type Reply } from '../test/fake-api.ts';
import {
  clearQueuedWrites,
  queuedWrites,
  queueWrite,
  sendQueuedWrites,
  type NewQueuedWrite,
} from './offline-outbox.ts';

const comment = (locationId: string, text: string): NewQueuedWrite => ({
  method: 'POST',
  path: `/api/locations/${locationId}/comments`,
  body: { text },
  text,
  placeName: `Place ${locationId}`,
  refreshes: [['locations', 'one', locationId]],
});

const NO_CONNECTION = () => Promise.reject(new TypeError('Failed to fetch'));

describe('offline outbox', () => {
  beforeEach(() => {
    clearQueuedWrites();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps writes on the device, in order, across a reload of the module state', () => {
    queueWrite(comment('a', 'First tip'));
    queueWrite(comment('b', 'Second tip'));
    expect(queuedWrites().map((write) => write.text)).toEqual(['First tip', 'Second tip']);
    expect(JSON.parse(window.localStorage.getItem('offlineOutbox_v1') ?? '[]')).toHaveLength(2);
  });

  it('sends them in order when the connection is back, and forgets the ones sent', async () => {
    const posted: unknown[] = [];
    const ok = ({ body }: { body: unknown }): Reply => {
      posted.push(body);
      return { status: 201, body: {} };
    };
    installFakeApi({ '/api/locations/a/comments': ok, '/api/locations/b/comments': ok });
    queueWrite(comment('a', 'First tip'));
    queueWrite(comment('b', 'Second tip'));

    const outcome = await sendQueuedWrites();
    expect(outcome.sent.map((write) => write.text)).toEqual(['First tip', 'Second tip']);
    expect(outcome.refused).toEqual([]);
    expect(posted).toEqual([{ text: 'First tip' }, { text: 'Second tip' }]);
    expect(queuedWrites()).toEqual([]);
  });

  it('keeps everything while there is still no connection', async () => {
    vi.stubGlobal('fetch', vi.fn(NO_CONNECTION));
    queueWrite(comment('a', 'Still offline'));
    const outcome = await sendQueuedWrites();
    expect(outcome).toEqual({ sent: [], refused: [] });
    expect(queuedWrites().map((write) => write.text)).toEqual(['Still offline']);
  });

  it('keeps a write the server is too busy for, and the ones after it, for the next try', async () => {
    installFakeApi({
      '/api/locations/a/comments': { status: 503, body: { error: { code: 'server_busy', message: 'Busy' } } },
      '/api/locations/b/comments': { status: 201, body: {} },
    });
    queueWrite(comment('a', 'Busy tip'));
    queueWrite(comment('b', 'Later tip'));
    const outcome = await sendQueuedWrites();
    expect(outcome.sent).toEqual([]);
    expect(queuedWrites().map((write) => write.text)).toEqual(['Busy tip', 'Later tip']);
  });

  it('hands back a write the server refuses, with its text, and goes on with the rest', async () => {
    installFakeApi({
      '/api/locations/gone/comments': {
        status: 404,
        body: { error: { code: 'not_found', message: 'This place no longer exists.' } },
      },
      '/api/locations/b/comments': { status: 201, body: {} },
    });
    queueWrite(comment('gone', 'Tip for a deleted place'));
    queueWrite(comment('b', 'Good tip'));
    const outcome = await sendQueuedWrites();
    expect(outcome.refused.map(({ write, error }) => [write.text, error.message])).toEqual([
      ['Tip for a deleted place', 'This place no longer exists.'],
    ]);
    expect(outcome.sent.map((write) => write.text)).toEqual(['Good tip']);
    expect(queuedWrites()).toEqual([]);
  });

  it('ignores anything on the device that is not a saved write, and sends nothing for it', async () => {
    const fetchMock = installFakeApi();
    window.localStorage.setItem(
      'offlineOutbox_v1',
      JSON.stringify([{ path: 'https://elsewhere.example/steal', method: 'POST' }, 'junk']),
    );
    // Sending reads the device again (another tab may have added writes).
    expect(await sendQueuedWrites()).toEqual({ sent: [], refused: [] });
    expect(queuedWrites()).toEqual([]);
    window.localStorage.setItem('offlineOutbox_v1', '{not json');
    expect(await sendQueuedWrites()).toEqual({ sent: [], refused: [] });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
