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
import type { DetectionJob, DetectionRegion, NormalisedBox } from './face-detection-types.ts';

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

/**
 * Finds faces on the overview and on each tile; boxes as fractions of the picture. Tensors are
 * made one region at a time, never of the whole picture: the WebAssembly heap grows to the
 * largest set of tensors alive at once and never shrinks (a 1600-px picture as one tensor took
 * the worker from 110 to 430 MB).
 */
export default async function detect(job: DetectionJob): Promise<NormalisedBox[]> {
  ready ??= load();
  const faceApi = await ready;
  const options = new faceApi.TinyFaceDetectorOptions({
    inputSize: job.inputSize,
    scoreThreshold: job.minScore,
  });
  const find = async (rgb: Uint8Array, width: number, height: number) => {
    const input = faceApi.tf.tensor3d(rgb, [height, width, 3], 'int32');
    try {
      return await faceApi.detectAllFaces(input as Parameters<FaceApi['detectAllFaces']>[0], options);
    } finally {
      input.dispose();
    }
  };
  const { overview, picture } = job;
  const boxes: NormalisedBox[] = [];
  for (const { box, score } of await find(new Uint8Array(overview.pixels), overview.width, overview.height)) {
    boxes.push({
      x: box.x / overview.width,
      y: box.y / overview.height,
      width: box.width / overview.width,
      height: box.height / overview.height,
      score,
    });
  }
  const pixels = new Uint8Array(picture.pixels);
  for (const tile of job.tiles) {
    for (const { box, score } of await find(cut(pixels, picture.width, tile), tile.width, tile.height)) {
      boxes.push({
        x: (tile.left + box.x) / picture.width,
        y: (tile.top + box.y) / picture.height,
        width: box.width / picture.width,
        height: box.height / picture.height,
        score,
      });
    }
  }
  return boxes;
}

/** A tile's RGB bytes, row by row out of the whole picture's. */
function cut(pixels: Uint8Array, width: number, tile: DetectionRegion): Uint8Array {
  const out = new Uint8Array(tile.width * tile.height * 3);
  for (let row = 0; row < tile.height; row++) {
    const start = ((tile.top + row) * width + tile.left) * 3;
    out.set(pixels.subarray(start, start + tile.width * 3), row * tile.width * 3);
  }
  return out;
}
