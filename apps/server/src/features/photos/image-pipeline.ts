/**
 * Turns an uploaded photo into the two images PlaySpot stores: a display image (at most
 * 1600 px on the long side) and a thumbnail (at most 400 px).
 *
 * Parents upload photos taken at playgrounds, often with children in them, straight from a
 * phone, so the pipeline is strict:
 * - the real type comes from the file's bytes, never from its name or the client's content
 *   type: only JPEG, PNG, WebP and HEIC/HEIF photos get through (no SVG, HTML, PDF, TIFF…);
 * - the pixel count is read from the header and checked before anything is decoded, so a
 *   small file that would expand to gigabytes ("decompression bomb") is refused cheaply;
 * - every image is decoded and encoded anew, so nothing of the original file survives but its
 *   pixels: EXIF (GPS position, camera serial, time), XMP, IPTC and comments are dropped.
 *   Never add `withMetadata`, `keepMetadata`, `keepExif` or the like to the encoders below.
 *   The EXIF orientation is applied to the pixels first, so photos stay upright.
 * - faces are found (faces/face-detector.ts) and blurred (faces/face-blur.ts) in the decoded
 *   pixels, with any boxes the uploader added, before either rendition is encoded: nothing
 *   unblurred is ever written, and the original is never kept. A photo whose faces could not
 *   be checked is refused, never stored as it is.
 */
import { randomUUID } from 'node:crypto';
import { blurAreaOf, clipBox, FACE_DETECTION_COPY_SIZE, type BlurBox } from '@playspot/core';
import { createRequire } from 'node:module';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { AppError } from '../../lib/errors.ts';
import { blurAreas, type RawPicture } from './faces/face-blur.ts';

// Every upload is a different picture: sharp's operation cache would only hold memory.
sharp.cache(false);
// One libvips thread per image: how many images are processed at once is the image work
// queue's decision (image-work-queue.ts), so memory and threads grow with its workers only.
// (Also sharp's own default on glibc without jemalloc, made explicit.)
sharp.concurrency(1);

/** Largest upload accepted; the upload route refuses larger bodies before buffering them. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** 40 MP: above any phone's main camera at full resolution (48 MP modes save 12 or 24 MP by default). */
export const MAX_INPUT_PIXELS = 40_000_000;
export const DISPLAY_MAX_SIZE = 1600;
export const THUMBNAIL_MAX_SIZE = 400;
/** The preview a parent checks before publishing: enough to see every face on a phone. */
export const PREVIEW_MAX_SIZE = 800;
const DEFAULT_QUALITY = 80;

export type InputFormat = 'jpeg' | 'png' | 'webp' | 'heic';
export type OutputFormat = 'webp' | 'jpeg';
export type OutputContentType = 'image/webp' | 'image/jpeg';

export interface ImageRendition {
  body: Buffer;
  contentType: OutputContentType;
  width: number;
  height: number;
}

export interface ProcessedImage {
  display: ImageRendition;
  thumbnail: ImageRendition;
  /** The faces found and blurred, as fractions of the picture. */
  faces: BlurBox[];
}

/** Finds faces in packed RGB pixels; rejects when it cannot tell. */
export type FindFaces = (rgb: Uint8Array, width: number, height: number) => Promise<BlurBox[]>;

export interface ProcessUploadOptions {
  /** Every photo is searched for faces, which are blurred; there is no way around it. */
  findFaces: FindFaces;
  /** Boxes the uploader added over faces the detector missed, blurred the same way. */
  blurBoxes?: readonly BlurBox[];
  /** Output encoding; WebP by default (about a third smaller than JPEG at the same quality). */
  format?: OutputFormat;
  /** Encoder quality, 1–100. */
  quality?: number;
  maxInputBytes?: number;
  maxInputPixels?: number;
}

/** A photo we will not store, with a message for the parent who chose it. */
export class ImageRejectedError extends AppError {
  override name = 'ImageRejectedError';
  constructor(statusCode: number, code: string, message: string, options?: { cause?: unknown }) {
    super(statusCode, code, message);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

const unsupportedImage = () =>
  new ImageRejectedError(
    415,
    'unsupported_image',
    'This file is not a photo we can use. Please choose a JPEG, PNG, WebP or HEIC picture.',
  );

const invalidImage = (cause?: unknown) =>
  new ImageRejectedError(
    400,
    'invalid_image',
    'This photo seems to be damaged and could not be read. Please try another picture.',
    { cause },
  );

const faceCheckFailed = (cause: unknown) =>
  new ImageRejectedError(
    503,
    'face_check_failed',
    'We could not check this photo for faces, so it was not shared. Please try again in a moment.',
    { cause },
  );

const emptyImage = () =>
  new ImageRejectedError(400, 'invalid_image', 'This file is empty. Please choose a photo.');

const fileTooLarge = (bytes: number, maxBytes: number) =>
  new ImageRejectedError(
    413,
    'image_too_large',
    `This photo is too large (${formatMegabytes(bytes)} MB). The limit is ${formatMegabytes(maxBytes)} MB.`,
  );

const tooManyPixels = (pixels: number | null, maxPixels: number) =>
  new ImageRejectedError(
    413,
    'image_too_large',
    `This photo is too large${pixels === null ? '' : ` (${formatMegapixels(pixels)} megapixels)`}. The limit is ${formatMegapixels(maxPixels)} megapixels.`,
  );

/** One decimal, rounded up: a photo just over the limit must not read as "10 MB, the limit is 10 MB". */
const oneDecimalUp = (value: number) => String(Math.ceil(value * 10) / 10);
const formatMegabytes = (bytes: number) => oneDecimalUp(bytes / (1024 * 1024));
const formatMegapixels = (pixels: number) => oneDecimalUp(pixels / 1_000_000);

/** The MIME types `file-type` reports for the formats we take, by what we do with them. */
const INPUT_FORMAT_BY_MIME: Readonly<Record<string, InputFormat>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/heic-sequence': 'heic',
  'image/heif-sequence': 'heic',
};

/** What sharp calls each accepted format once it reads the header. */
const SHARP_FORMAT: Readonly<Record<InputFormat, string>> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  heic: 'heif',
};

/** The accepted format of the file, judged from its bytes alone; null for anything else. */
export async function detectInputFormat(input: Uint8Array): Promise<InputFormat | null> {
  if (input.length === 0) return null;
  const detected = await fileTypeFromBuffer(input);
  return (detected && INPUT_FORMAT_BY_MIME[detected.mime]) ?? null;
}

/**
 * Checks, cleans and resizes an uploaded photo. Throws ImageRejectedError (an AppError: 400,
 * 413 or 415 with a message for the user) for anything that is not a usable photo.
 */
export async function processUpload(input: Buffer, options: ProcessUploadOptions): Promise<ProcessedImage> {
  const format = options.format ?? 'webp';
  const quality = options.quality ?? DEFAULT_QUALITY;
  const { picture, faces } = await blurredPixels(input, options, format);
  const fromPixels = () => sharp(picture.data, { raw: rawOf(picture) });
  // One after the other, not in parallel: a job then holds one libuv thread at a time, which
  // is what the image work queue's worker count assumes.
  const display = await encode(fromPixels(), format, quality);
  const thumbnail = await encode(
    fromPixels().resize(THUMBNAIL_MAX_SIZE, THUMBNAIL_MAX_SIZE, { fit: 'inside', withoutEnlargement: true }),
    format,
    quality,
  );
  return { display, thumbnail, faces };
}

export interface PhotoPreviewImage {
  /** A JPEG of at most PREVIEW_MAX_SIZE px, blurred exactly as the stored photo would be. */
  image: ImageRendition;
  faces: BlurBox[];
}

/** The photo as it would be published, small, for the uploader to check; nothing is stored. */
export async function previewUpload(
  input: Buffer,
  options: ProcessUploadOptions,
): Promise<PhotoPreviewImage> {
  const { picture, faces } = await blurredPixels(input, options, 'jpeg');
  const image = await encode(
    sharp(picture.data, { raw: rawOf(picture) }).resize(PREVIEW_MAX_SIZE, PREVIEW_MAX_SIZE, {
      fit: 'inside',
      withoutEnlargement: true,
    }),
    'jpeg',
    options.quality ?? 75,
  );
  return { image, faces };
}

const rawOf = (picture: RawPicture) => ({
  width: picture.width,
  height: picture.height,
  channels: picture.channels,
});

/** Checks and decodes the upload, then blurs its faces and the added boxes. */
async function blurredPixels(
  input: Buffer,
  options: ProcessUploadOptions,
  format: OutputFormat,
): Promise<{ picture: RawPicture; faces: BlurBox[] }> {
  const picture = await decodeUpload(input, options, format);
  const faces = await findFacesIn(picture, options.findFaces);
  const areas = [
    ...faces.map((face) => blurAreaOf(face)),
    ...(options.blurBoxes ?? []).map((box) => clipBox(box)),
  ].filter((area): area is BlurBox => area !== null);
  return { picture: await blurAreas(picture, areas), faces };
}

/** Faces in a copy of at most FACE_DETECTION_COPY_SIZE px: plenty for the detector, and quick. */
async function findFacesIn(picture: RawPicture, findFaces: FindFaces): Promise<BlurBox[]> {
  try {
    const copy = await sharp(picture.data, { raw: rawOf(picture) })
      .resize(FACE_DETECTION_COPY_SIZE, FACE_DETECTION_COPY_SIZE, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return await findFaces(copy.data, copy.info.width, copy.info.height);
  } catch (error) {
    throw faceCheckFailed(error);
  }
}

/** The upload checked, decoded upright in sRGB at display size. */
async function decodeUpload(
  input: Buffer,
  options: ProcessUploadOptions,
  format: OutputFormat,
): Promise<RawPicture> {
  const maxInputBytes = options.maxInputBytes ?? MAX_UPLOAD_BYTES;
  const maxInputPixels = options.maxInputPixels ?? MAX_INPUT_PIXELS;

  if (input.length === 0) throw emptyImage();
  if (input.length > maxInputBytes) throw fileTooLarge(input.length, maxInputBytes);

  const inputFormat = await detectInputFormat(input);
  if (inputFormat === null) throw unsupportedImage();

  // Only the header is read here (no pixel limit yet, so the real size can be reported).
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw invalidImage(error);
  }
  if (metadata.format !== SHARP_FORMAT[inputFormat]) throw unsupportedImage();
  const { width, height } = metadata;
  if (width <= 0 || height <= 0) throw invalidImage();
  if (width * height > maxInputPixels) throw tooManyPixels(width * height, maxInputPixels);

  // sharp's libheif reads HEIC headers but has no HEVC decoder; heic-convert decodes it.
  const decodable = inputFormat === 'heic' ? await heicToJpeg(input) : input;

  return decodePixels(decodable, { format, maxInputPixels });
}

async function decodePixels(
  input: Buffer,
  { format, maxInputPixels }: { format: OutputFormat; maxInputPixels: number },
): Promise<RawPicture> {
  // Decode once: the display image's pixels, upright and in sRGB, feed both encoders.
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    // The pixel limit is checked again while decoding, in case a header understated the size.
    // failOn 'error' refuses truncated or corrupt data but lets through the harmless warnings
    // (e.g. stray bytes between JPEG markers) that some phone cameras produce.
    let upright = sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error', sequentialRead: true })
      .rotate()
      .resize(DISPLAY_MAX_SIZE, DISPLAY_MAX_SIZE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb');
    // JPEG has no transparency: transparent areas of a PNG or WebP become white, not black.
    if (format === 'jpeg') upright = upright.flatten({ background: '#ffffff' });
    pixels = await upright.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw tooManyPixels(null, maxInputPixels);
    }
    throw invalidImage(error);
  }
  const { width, height, channels } = pixels.info;
  return { data: pixels.data, width, height, channels };
}

/** Encodes without any metadata (sharp writes none unless asked to). */
async function encode(image: Sharp, format: OutputFormat, quality: number): Promise<ImageRendition> {
  const encoded =
    format === 'webp' ? image.webp({ quality }) : image.jpeg({ quality, mozjpeg: true, progressive: true });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { body: data, contentType: contentTypeOf(format), width: info.width, height: info.height };
}

function contentTypeOf(format: OutputFormat): OutputContentType {
  switch (format) {
    case 'webp':
      return 'image/webp';
    case 'jpeg':
      return 'image/jpeg';
  }
}

/** The file extension for a processed image's content type. */
export function extensionFor(contentType: OutputContentType): 'webp' | 'jpg' {
  switch (contentType) {
    case 'image/webp':
      return 'webp';
    case 'image/jpeg':
      return 'jpg';
  }
}

/**
 * A fresh, unguessable file name such as `0b5e…-….webp` for a stored image. The client's file
 * name is never used in a path: it may hold anything from `../` to a child's full name.
 */
export function randomStorageFileName(extension: string): string {
  if (!/^[a-z0-9]{1,10}$/.test(extension)) {
    throw new RangeError(
      `File extension must be 1–10 lowercase letters or digits, got ${JSON.stringify(extension)}`,
    );
  }
  return `${randomUUID()}.${extension}`;
}

// heic-convert is CommonJS without types; it is loaded on the first HEIC photo, since its
// WebAssembly decoder takes a moment to start and most photos are JPEGs.
type HeicConvert = (options: {
  buffer: Uint8Array;
  format: 'JPEG' | 'PNG';
  quality?: number;
}) => Promise<Uint8Array>;
let heicConvert: HeicConvert | undefined;

async function heicToJpeg(input: Buffer): Promise<Buffer> {
  heicConvert ??= createRequire(import.meta.url)('heic-convert') as HeicConvert;
  try {
    // High quality: this JPEG is only an intermediate, re-encoded below.
    return Buffer.from(await heicConvert({ buffer: input, format: 'JPEG', quality: 0.92 }));
  } catch (error) {
    throw invalidImage(error);
  }
}
