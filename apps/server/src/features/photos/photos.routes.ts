import {
  blurBoxesSchema,
  commentParamsSchema,
  dealPhotoResultSchema,
  deletedResultSchema,
  idParamsSchema,
  idSchema,
  photoPreviewSchema,
  photoUploadResultSchema,
  type AddedBlurBoxes,
} from '@playspot/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { readingMultipart } from '../../lib/multipart.ts';
import { WRITE_RATE_LIMIT } from '../../lib/rate-limits.ts';
import { signedInUser } from '../../lib/request-user.ts';
import { readingAtPace, type UploadPace } from '../../lib/upload-pace.ts';
import { MAX_UPLOAD_BYTES } from './image-pipeline.ts';
import type { PhotosService } from './photos.service.ts';
import type { UploadParts } from './upload-parts.ts';

/** Room for the multipart envelope around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () =>
  new AppError(
    413,
    'file_too_large',
    `This photo is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Please choose a smaller one.`,
  );

function parseBlurBoxes(text: string): AddedBlurBoxes {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('blurBoxes must be a JSON array of boxes.');
  }
  const parsed = blurBoxesSchema.safeParse(value);
  if (!parsed.success) throw badRequest(`blurBoxes: ${parsed.error.issues[0]?.message ?? 'not valid'}`);
  return parsed.data;
}

/**
 * Reads the upload: the one file `photo` into memory, at most MAX_UPLOAD_BYTES (a request
 * announcing a bigger body is refused before anything is read, and a lying one is cut off at
 * the limit), and the optional field `blurBoxes`. Every part is read, whatever its order, so
 * boxes sent after the photo are never silently dropped; any other field is refused. A body
 * that falls behind `pace` is answered 408 at once (lib/upload-pace.ts).
 */
function uploadReader(
  request: FastifyRequest,
  reply: FastifyReply,
  pace: UploadPace,
): () => Promise<UploadParts> {
  return () => readingAtPace(request, reply, pace, readUploadParts(request));
}

function readUploadParts(request: FastifyRequest): () => Promise<UploadParts> {
  return async () => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
    if (!request.isMultipart())
      throw new AppError(415, 'unsupported_media_type', 'Send the photo as multipart/form-data.');
    let photo: Buffer | undefined;
    let blurBoxes: AddedBlurBoxes = [];
    await readingMultipart(async () => {
      const parts = request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2 } });
      for await (const part of parts) {
        if (part.type === 'file') {
          if (part.fieldname !== 'photo')
            throw badRequest('Attach the photo as a file in the "photo" field.');
          photo = await part.toBuffer();
          if (part.file.truncated) throw tooLarge();
        } else if (part.fieldname === 'blurBoxes' && typeof part.value === 'string') {
          blurBoxes = parseBlurBoxes(part.value);
        } else {
          throw badRequest(`Unknown field "${part.fieldname}": send only "photo" and "blurBoxes".`);
        }
      }
    });
    if (!photo) throw badRequest('Attach the photo as a file in the "photo" field.');
    return { photo, blurBoxes };
  };
}

const photoParamsSchema = z.strictObject({ id: idSchema, photoId: idSchema });
const dealParamsSchema = z.strictObject({ id: idSchema, kind: z.enum(['image', 'logo']) });
const uploadLimit = { ...WRITE_RATE_LIMIT, max: 30 };
/** A parent may look at a few previews per photo they share. */
const previewLimit = { ...WRITE_RATE_LIMIT, max: 60 };

export const photosRoutes =
  (photos: PhotosService, pace: UploadPace): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['photos'];
    app.post(
      '/api/photos/preview',
      {
        schema: {
          operationId: 'previewPhoto',
          summary:
            'See a photo as it would be published: faces found and blurred, with the optional "blurBoxes" added (multipart "photo" and "blurBoxes"); nothing is stored',
          tags,
          consumes: ['multipart/form-data'],
          response: { 200: photoPreviewSchema },
        },
        config: { access: 'signedIn', rateLimit: previewLimit, writeAdmission: 'image-queue' },
      },
      async (request, reply) => photos.preview(uploadReader(request, reply, pace)),
    );

    app.post(
      '/api/locations/:id/photos',
      {
        schema: {
          operationId: 'uploadLocationPhoto',
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
            await photos.addPlacePhoto(
              request.params.id,
              signedInUser(request).id,
              uploadReader(request, reply, pace),
            ),
          ),
    );

    app.post(
      '/api/locations/:id/comments/:commentId/photo',
      {
        schema: {
          operationId: 'uploadCommentPhoto',
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
              uploadReader(request, reply, pace),
            ),
          ),
    );

    app.delete(
      '/api/locations/:id/photos/:photoId',
      {
        schema: {
          operationId: 'deletePhoto',
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
          operationId: 'setDealPicture',
          summary: "Set a deal's image or logo (admins)",
          tags,
          consumes: ['multipart/form-data'],
          params: dealParamsSchema,
          response: { 200: dealPhotoResultSchema },
        },
        config: { access: { role: 'admin' }, rateLimit: uploadLimit, writeAdmission: 'image-queue' },
      },
      async (request, reply) =>
        photos.setDealPhoto(request.params.id, request.params.kind, uploadReader(request, reply, pace)),
    );
  };
