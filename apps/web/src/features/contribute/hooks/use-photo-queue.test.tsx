import type { BlurBox, PhotoUploadResult } from '@playspot/core';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReviewedPhoto } from '../../../components/photo-review/photo-review.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { PhotoUploader } from '../api/upload-place-photo.ts';
import { usePhotoQueue } from './use-photo-queue.ts';

const TAPPED: BlurBox = { x: 0.1, y: 0.2, width: 0.12, height: 0.16 };

/** A photo as the review hands it over: downscaled, with the boxes the person added. */
const reviewed = (name: string, blurBoxes: readonly BlurBox[] = []): ReviewedPhoto => ({
  photo: new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' }),
  blurBoxes,
  picture: { src: `data:image/jpeg;base64,${name}`, width: 800, height: 600 },
  facesFound: 1,
});

const result = (points: number): PhotoUploadResult => ({
  photo: { url: '/a.jpg', thumbnailUrl: '/a-t.jpg', width: 800, height: 600 },
  reward: { change: 100, points, level: 2, leveledUp: false },
  facesBlurred: 1,
});

describe('usePhotoQueue', () => {
  it('uploads each reviewed photo in order with its blur boxes, reporting progress, and keeps what succeeded', async () => {
    const seen: { name: string; fractions: number[]; boxes: readonly BlurBox[] }[] = [];
    const upload = vi.fn<PhotoUploader>(async (_id, blob, onProgress, boxes) => {
      const entry = { name: (blob as File).name, fractions: [] as number[], boxes };
      seen.push(entry);
      for (const fraction of [0.25, 0.75]) {
        onProgress(fraction);
        entry.fractions.push(fraction);
      }
      return result(100 * seen.length);
    });
    const onUploaded = vi.fn();
    const { result: queue } = renderHook(() => usePhotoQueue({ upload, onUploaded }));

    act(() => {
      queue.current.add(reviewed('a.jpg', [TAPPED]));
      queue.current.add(reviewed('b.jpg'));
    });
    expect(queue.current.photos.map((p) => [p.file.name, p.status, p.picture?.src])).toEqual([
      ['a.jpg', 'waiting', 'data:image/jpeg;base64,a.jpg'],
      ['b.jpg', 'waiting', 'data:image/jpeg;base64,b.jpg'],
    ]);

    let summary: Awaited<ReturnType<typeof queue.current.uploadAll>> | undefined;
    await act(async () => {
      summary = await queue.current.uploadAll('place-1');
    });
    expect(seen).toEqual([
      { name: 'a.jpg', fractions: [0.25, 0.75], boxes: [TAPPED] },
      { name: 'b.jpg', fractions: [0.25, 0.75], boxes: [] },
    ]);
    expect(upload.mock.calls.map((call) => call[0])).toEqual(['place-1', 'place-1']);
    expect(summary?.failed).toBe(0);
    expect(onUploaded).toHaveBeenCalledTimes(2);
    expect(queue.current.photos.map((p) => [p.status, p.progress])).toEqual([
      ['done', 1],
      ['done', 1],
    ]);
  });

  it('marks a failed photo with the server message, and a retry sends only that one, boxes and all', async () => {
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
    const { result: queue } = renderHook(() => usePhotoQueue({ upload }));
    act(() => {
      queue.current.add(reviewed('ok.jpg'));
      queue.current.add(reviewed('big.jpg', [TAPPED]));
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
    expect(upload.mock.calls[2]?.[3]).toEqual([TAPPED]);
  });

  it('lets a photo be removed before it is sent', () => {
    const { result: queue } = renderHook(() => usePhotoQueue({ upload: vi.fn<PhotoUploader>() }));
    act(() => {
      queue.current.add(reviewed('a.jpg'));
      queue.current.add(reviewed('b.jpg'));
    });
    const first = queue.current.photos[0]?.id ?? '';
    act(() => {
      queue.current.remove(first);
    });
    expect(queue.current.photos.map((p) => p.file.name)).toEqual(['b.jpg']);
  });
});
