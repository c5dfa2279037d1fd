import {
  commentParamsSchema,
  dealPhotoResultSchema,
  deletedResultSchema,
  idParamsSchema,
  idSchema,
  photoUploadResultSchema,
} from '@playspot/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { readingMultipart } from '../../lib/multipart.ts';
import { WRITE_RATE_LIMIT } from '../../lib/rate-limits.ts';
import { signedInUser } from '../../lib/request-user.ts';
import { MAX_UPLOAD_BYTES } from './image-pipeline.ts';
import type { PhotosService } from './photos.service.ts';

/** Room for the multipart envelope around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () =>
  new AppError(
    413,
    'file_too_large',
    `This photo is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Please choose a smaller one.`,
  );

/**
 * Reads the one uploaded file into memory, at most MAX_UPLOAD_BYTES: a request announcing a
 * bigger body is refused before anything is read, and a lying one is cut off at the limit.
 */
function uploadReader(request: FastifyRequest): () => Promise<Buffer> {
  return async () => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
    if (!request.isMultipart())
      throw new AppError(415, 'unsupported_media_type', 'Send the photo as multipart/form-data.');
    const file = await readingMultipart(() =>
      request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } }),
    );
    if (!file) throw badRequest('Attach the photo as a file in the "photo" field.');
    const body = await readingMultipart(() => file.toBuffer());
    if (file.file.truncated) throw tooLarge();
    return body;
  };
}

const photoParamsSchema = z.strictObject({ id: idSchema, photoId: idSchema });
const dealParamsSchema = z.strictObject({ id: idSchema, kind: z.enum(['image', 'logo']) });
const uploadLimit = { ...WRITE_RATE_LIMIT, max: 30 };

export const photosRoutes =
  (photos: PhotosService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['photos'];
    app.post(
      '/api/locations/:id/photos',
      {
        schema: {
          summary:
            'Add a photo to a location (multipart field "photo"; JPEG, PNG, WebP or HEIC up to 10 MB; +100 points)',
          tags,
          consumes: ['multipart/form-data'],
          params: idParamsSchema,
          response: { 201: photoUploadResultSchema },
        },
        config: { access: 'signedIn', rateLimit: uploadLimit, writeAdmission: 'image-queue' },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await photos.addLocationPhoto(request.params.id, signedInUser(request).id, uploadReader(request)),
          ),
    );

    app.post(
      '/api/locations/:id/comments/:commentId/photo',
      {
        schema: {
          summary: 'Add a photo to your comment (+100 points)',
          tags,
          consumes: ['multipart/form-data'],
          params: commentParamsSchema,
          response: { 201: photoUploadResultSchema },
        },
        config: { access: 'signedIn', rateLimit: uploadLimit, writeAdmission: 'image-queue' },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await photos.addCommentPhoto(
              request.params.id,
              request.params.commentId,
              signedInUser(request).id,
              uploadReader(request),
            ),
          ),
    );

    app.delete(
      '/api/locations/:id/photos/:photoId',
      {
        schema: {
          summary:
            "Delete one photo of a location or of one of its comments (its uploader, the place's creator for the place's own photos, moderators, admins); the uploader loses its points",
          tags,
          params: photoParamsSchema,
          response: { 200: deletedResultSchema },
        },
        config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) => photos.deletePhoto(request.params.id, request.params.photoId, signedInUser(request)),
    );

    app.put(
      '/api/deals/:id/:kind',
      {
        schema: {
          summary: "Set a deal's image or logo (admins)",
          tags,
          consumes: ['multipart/form-data'],
          params: dealParamsSchema,
          response: { 200: dealPhotoResultSchema },
        },
        config: { access: { role: 'admin' }, rateLimit: uploadLimit, writeAdmission: 'image-queue' },
      },
      async (request) => photos.setDealPhoto(request.params.id, request.params.kind, uploadReader(request)),
    );
  };
