/**
 * Finds faces in photos, off the main thread: a pool of worker threads (piscina), each with
 * its own copy of the tiny face detector, no more of them than the image work queue runs
 * photos at once. A detection that fails or takes longer than `timeoutMs` rejects; the caller
 * then refuses the photo rather than publish it unblurred.
 */
import { detectionRegions, FACE_DETECTOR_INPUT, mergeFaceBoxes, type BlurBox } from '@playspot/core';
import { createHash } from 'node:crypto';
import { Piscina } from 'piscina';
import sharp from 'sharp';
import type { DetectionJob } from './face-detection-types.ts';

export interface FaceDetector {
  /**
   * Faces in a picture given as packed RGB bytes (the detection copy, at most
   * FACE_DETECTION_COPY_SIZE px on its long side), as fractions of the picture.
   */
  detect(rgb: Uint8Array, width: number, height: number): Promise<BlurBox[]>;
  close(): Promise<void>;
  /** For tests and diagnostics: photos searched by a worker, and answered from memory. */
  stats(): { searched: number; remembered: number };
}

export interface FaceDetectorOptions {
  /** Worker threads; one per image worker, so detection never outruns the image queue. */
  threads: number;
  /** A detection slower than this fails (the worker is replaced). */
  timeoutMs?: number;
  /**
   * The detector's score threshold. 0.3 blurs every face of the test set found at 0.5 and
   * more, at the cost of a few false blurs (bench/face-detection.ts).
   */
  minScore?: number;
  /** Whether to search tiles as well as the whole picture (always, but for a benchmark). */
  tiles?: boolean;
  /** Photos whose faces are remembered by their pixels' hash (500; 0 for benchmarks). */
  rememberPhotos?: number;
}

export function createFaceDetector(options: FaceDetectorOptions): FaceDetector {
  const pool = new Piscina<DetectionJob, BlurBox[]>({
    filename: new URL('./face-detection-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: options.threads,
    // A worker holds the model and the WebAssembly heap, about 200 MB once it has searched a
    // phone photo: let it go after a quiet minute (the next photo waits 0.5 s for a new one).
    idleTimeout: 60_000,
    // Never queue behind the pool: the image work queue already decides who waits.
    maxQueue: 'auto',
  });
  const timeoutMs = options.timeoutMs ?? 30_000;
  const minScore = options.minScore ?? 0.3;
  // The app sends each photo twice, for its preview and then to publish it: the same pixels
  // have the same faces, so the second check costs a hash (about 10 ms) instead of a second.
  // Only boxes are kept: a few hundred bytes per photo.
  const recent = new Map<string, BlurBox[]>();
  const remember = options.rememberPhotos ?? 500;
  const counts = { searched: 0, remembered: 0 };

  return {
    async detect(rgb, width, height) {
      const key = createHash('sha256')
        .update(`${String(width)}×${String(height)}:`)
        .update(rgb)
        .digest('hex');
      const known = recent.get(key);
      if (known) {
        counts.remembered++;
        return known;
      }
      counts.searched++;
      // The worker gets its own copies, transferred, so the caller's pixels stay usable.
      const overview = await sharp(rgb, { raw: { width, height, channels: 3 } })
        .resize(FACE_DETECTOR_INPUT, FACE_DETECTOR_INPUT, { fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const overviewPixels = new Uint8Array(overview.data).buffer;
      const pixels = new Uint8Array(rgb).buffer;
      const job: DetectionJob = {
        overview: { pixels: overviewPixels, width: overview.info.width, height: overview.info.height },
        picture: { pixels, width, height },
        tiles: options.tiles === false ? [] : detectionRegions(width, height).slice(1),
        inputSize: FACE_DETECTOR_INPUT,
        minScore,
      };
      const boxes = await pool.run(job, {
        transferList: [overviewPixels, pixels],
        signal: AbortSignal.timeout(timeoutMs),
      });
      const faces = mergeFaceBoxes(boxes);
      recent.set(key, faces);
      // Oldest first: a Map keeps insertion order.
      if (recent.size > remember) recent.delete(recent.keys().next().value ?? key);
      return faces;
    },
    async close() {
      await pool.destroy();
    },
    stats: () => ({ ...counts }),
  };
}
