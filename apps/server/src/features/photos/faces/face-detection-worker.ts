/**
 * Runs in a worker thread (face-detector.ts starts it through piscina): finds faces in one
 * photo's detection copy with the tiny face detector that @vladmandic/face-api ships, on
 * TensorFlow.js's WebAssembly backend. Model and WebAssembly files are read from the installed
 * packages; nothing is downloaded.
 *
 * Why a worker: one detection takes 50–400 ms of CPU, which on the server's main thread would
 * stall every other request meanwhile.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DetectionJob, NormalisedBox } from './face-detection-types.ts';

import type * as TensorFlow from '@tensorflow/tfjs';

type FaceApi = typeof import('@vladmandic/face-api');

const require = createRequire(import.meta.url);

/** Model and backend, loaded once per worker on its first job. */
let ready: Promise<FaceApi> | undefined;

async function load(): Promise<FaceApi> {
  // The bundle for Node with the WebAssembly backend (no native TensorFlow to install).
  const faceApi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  const wasm = require('@tensorflow/tfjs-backend-wasm') as {
    setWasmPaths: (prefix: string, usePlatformFetch?: boolean) => void;
  };
  // Emscripten reads the .wasm files from disk itself when not told to fetch them.
  wasm.setWasmPaths(`${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}${path.sep}`, false);
  // face-api's own typing of its bundled TensorFlow.js leaves out the backend functions.
  const tf = faceApi.tf as unknown as typeof TensorFlow;
  await tf.setBackend('wasm');
  await tf.ready();
  const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await faceApi.nets.tinyFaceDetector.loadFromDisk(models);
  return faceApi;
}

/** Finds faces on the whole picture and on each tile; boxes as fractions of the picture. */
export default async function detect(job: DetectionJob): Promise<NormalisedBox[]> {
  ready ??= load();
  const faceApi = await ready;
  const { tf } = faceApi;
  const options = new faceApi.TinyFaceDetectorOptions({
    inputSize: job.inputSize,
    scoreThreshold: job.minScore,
  });
  const picture = tf.tensor3d(new Uint8Array(job.pixels), [job.height, job.width, 3], 'int32');
  try {
    const boxes: NormalisedBox[] = [];
    for (const region of job.regions) {
      const crop = tf.slice(picture, [region.top, region.left, 0], [region.height, region.width, 3]);
      try {
        const found = await faceApi.detectAllFaces(crop as Parameters<FaceApi['detectAllFaces']>[0], options);
        for (const { box, score } of found) {
          boxes.push({
            x: (region.left + box.x) / job.width,
            y: (region.top + box.y) / job.height,
            width: box.width / job.width,
            height: box.height / job.height,
            score,
          });
        }
      } finally {
        crop.dispose();
      }
    }
    return boxes;
  } finally {
    picture.dispose();
  }
}
