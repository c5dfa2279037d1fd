import type { PhotoUploadResult } from '@playspot/core';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import type { PhotoUploader } from '../api/upload-location-photo.ts';
import { usePhotoQueue } from './use-photo-queue.ts';

const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

const result = (points: number): PhotoUploadResult => ({
  photo: { url: '/a.jpg', thumbnailUrl: '/a-t.jpg', width: 800, height: 600 },
  reward: { change: 100, points, level: 2, leveledUp: false },
});

describe('usePhotoQueue', () => {
  it('uploads each prepared photo in order, reporting progress, and keeps what succeeded', async () => {
    const seen: { name: string; fractions: number[] }[] = [];
    const upload = vi.fn<PhotoUploader>(async (_id, blob, onProgress) => {
      const entry = { name: (blob as File).name, fractions: [] as number[] };
      seen.push(entry);
      for (const fraction of [0.25, 0.75]) {
        onProgress(fraction);
        entry.fractions.push(fraction);
      }
      return result(100 * seen.length);
    });
    const prepare = vi.fn(async (file: File) => new File([file], `small-${file.name}`));
    const onUploaded = vi.fn();
    const { result: queue } = renderHook(() => usePhotoQueue({ upload, prepare, onUploaded }));

    act(() => {
      queue.current.add([
        photo('a.jpg'),
        photo('b.jpg'),
        new File(['x'], 'notes.txt', { type: 'text/plain' }),
      ]);
    });
    expect(queue.current.photos.map((p) => [p.file.name, p.status])).toEqual([
      ['a.jpg', 'waiting'],
      ['b.jpg', 'waiting'],
    ]);

    let summary: Awaited<ReturnType<typeof queue.current.uploadAll>> | undefined;
    await act(async () => {
      summary = await queue.current.uploadAll('place-1');
    });
    expect(prepare).toHaveBeenCalledTimes(2);
    expect(seen).toEqual([
      { name: 'small-a.jpg', fractions: [0.25, 0.75] },
      { name: 'small-b.jpg', fractions: [0.25, 0.75] },
    ]);
    expect(upload.mock.calls.map((call) => call[0])).toEqual(['place-1', 'place-1']);
    expect(summary?.failed).toBe(0);
    expect(onUploaded).toHaveBeenCalledTimes(2);
    expect(queue.current.photos.map((p) => [p.status, p.progress])).toEqual([
      ['done', 1],
      ['done', 1],
    ]);
  });

  it('marks a failed photo with the server message, and a retry sends only that one', async () => {
    let attempt = 0;
    const upload = vi.fn<PhotoUploader>(async (_id, blob, onProgress) => {
      attempt += 1;
      onProgress(0.5);
      if ((blob as File).name === 'big.jpg' && attempt === 2) {
        throw new ApiError(
          413,
          'file_too_large',
          'This photo is larger than 10 MB. Please choose a smaller one.',
        );
      }
      return result(100);
    });
    const { result: queue } = renderHook(() => usePhotoQueue({ upload, prepare: async (file) => file }));
    act(() => {
      queue.current.add([photo('ok.jpg'), photo('big.jpg')]);
    });

    await act(async () => {
      expect((await queue.current.uploadAll('place-1')).failed).toBe(1);
    });
    const failed = queue.current.photos[1];
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toBe('This photo is larger than 10 MB. Please choose a smaller one.');
    expect(queue.current.photos[0]?.status).toBe('done');

    await act(async () => {
      expect((await queue.current.uploadAll('place-1')).failed).toBe(0);
    });
    expect(upload).toHaveBeenCalledTimes(3);
    expect((upload.mock.calls[2]?.[1] as File).name).toBe('big.jpg');
  });

  it('lets a photo be removed before it is sent', () => {
    const { result: queue } = renderHook(() => usePhotoQueue({ upload: vi.fn<PhotoUploader>() }));
    act(() => {
      queue.current.add([photo('a.jpg'), photo('b.jpg')]);
    });
    const first = queue.current.photos[0]?.id ?? '';
    act(() => {
      queue.current.remove(first);
    });
    expect(queue.current.photos.map((p) => p.file.name)).toEqual(['b.jpg']);
  });
});
