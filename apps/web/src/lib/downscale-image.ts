/**
 * Photos straight from a phone are often 4000 px and several MB; on patchy signal that is a
 * long wait. Before upload each photo is redrawn at most MAX_PHOTO_SIDE px on its long side
 * as a JPEG (which also drops its EXIF data, GPS included; the server strips it again).
 */

export const MAX_PHOTO_SIDE = 1600;
const JPEG_QUALITY = 0.85;

export function scaledSize(
  width: number,
  height: number,
  maxSide = MAX_PHOTO_SIDE,
): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The photo as a JPEG of at most MAX_PHOTO_SIDE px. A browser that cannot decode the file
 * (HEIC outside Safari, or no canvas) gets the original back: the server converts it.
 */
export async function downscaleImage(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const size = scaledSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => {
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY);
    });
    return blob ?? file;
  } finally {
    bitmap.close();
  }
}
