/**
 * The photos feature's registration (app.ts). Its service is built first (deleting a comment,
 * a place or a deal deletes their files; a report's decision may delete a photo), its routes
 * registered in their turn.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_UPLOAD_PACE, type UploadPace } from '../../lib/upload-pace.ts';
import { createFaceDetector } from './faces/face-detector.ts';
import type { FindFaces } from './image-pipeline.ts';
import { photosRoutes } from './photos.routes.ts';
import { createPhotosService, type PhotosService } from './photos.service.ts';

type PhotosDeps = Parameters<typeof createPhotosService>[0];

/** A face detector for this app's photos, its threads stopped when the app closes. */
function ownFaceDetector(app: FastifyInstance, threads: number): FindFaces {
  const detector = createFaceDetector({ threads });
  app.addHook('onClose', async () => {
    await detector.close();
  });
  return (rgb, width, height) => detector.detect(rgb, width, height);
}

/**
 * `findFaces`: finds faces to blur in every photo; a pool of detector threads, one per image
 * worker, when absent.
 */
export function createPhotosFeature(
  app: FastifyInstance,
  deps: Omit<PhotosDeps, 'findFaces'> & { findFaces?: FindFaces | undefined },
): PhotosService {
  return createPhotosService({
    ...deps,
    findFaces: deps.findFaces ?? ownFaceDetector(app, deps.imageWork.limits.workers),
  });
}

/**
 * Photo uploads: multipart bodies are parsed in this scope only; each route reads at most one
 * file with its own size limit. `uploadPace`: DEFAULT_UPLOAD_PACE when absent.
 */
export async function registerPhotosFeature(
  app: FastifyInstance,
  deps: { photos: PhotosService; uploadPace?: UploadPace | undefined },
): Promise<void> {
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { files: 1, fields: 5, parts: 6 } });
    await uploads.register(photosRoutes(deps.photos, deps.uploadPace ?? DEFAULT_UPLOAD_PACE));
  });
}
