/**
 * Finds faces in photos, off the main thread: a pool of worker threads (piscina), each with
 * its own copy of the tiny face detector, no more of them than the image work queue runs
 * photos at once. A detection that fails or takes longer than `timeoutMs` rejects; the caller
 * then refuses the photo rather than publish it unblurred.
 */
import { detectionRegions, FACE_DETECTOR_INPUT, mergeFaceBoxes, type BlurBox } from '@playspot/core';
import { Piscina } from 'piscina';
import type { DetectionJob } from './face-detection-types.ts';

export interface FaceDetector {
  /**
   * Faces in a picture given as packed RGB bytes (the detection copy, at most
   * FACE_DETECTION_COPY_SIZE px on its long side), as fractions of the picture.
   */
  detect(rgb: Uint8Array, width: number, height: number): Promise<BlurBox[]>;
  close(): Promise<void>;
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
}

export function createFaceDetector(options: FaceDetectorOptions): FaceDetector {
  const pool = new Piscina<DetectionJob, BlurBox[]>({
    filename: new URL('./face-detection-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: options.threads,
    // A worker holds the model and the WebAssembly heap (about 60 MB): let an idle one go.
    idleTimeout: 5 * 60_000,
    // Never queue behind the pool: the image work queue already decides who waits.
    maxQueue: 'auto',
  });
  const timeoutMs = options.timeoutMs ?? 30_000;
  const minScore = options.minScore ?? 0.3;

  return {
    async detect(rgb, width, height) {
      // The worker gets its own copy, transferred, so the caller's pixels stay usable.
      const pixels = new Uint8Array(rgb).buffer;
      const job: DetectionJob = {
        pixels,
        width,
        height,
        regions: detectionRegions(width, height),
        inputSize: FACE_DETECTOR_INPUT,
        minScore,
      };
      const boxes = await pool.run(job, { transferList: [pixels], signal: AbortSignal.timeout(timeoutMs) });
      return mergeFaceBoxes(boxes);
    },
    async close() {
      await pool.destroy();
    },
  };
}
