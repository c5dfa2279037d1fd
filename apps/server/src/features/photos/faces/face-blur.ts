/**
 * Blurs areas of a decoded picture so that no face in them can be recognised or restored.
 * Each area is pixelated to about 8 blocks across its longer side (the average colour of each
 * block is all that is left of it, so no sharpening filter can bring the detail back), then
 * softened with a Gaussian blur so the blocks read as "blurred" rather than as a mosaic.
 */
import { toPixelRegion, type BlurBox, type PixelRegion } from '@playspot/core';
import sharp from 'sharp';

export interface RawPicture {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** Blocks across an area's longer side. */
const BLOCKS_ACROSS = 8;

/** The picture with every area blurred; the same picture when there are none. */
export async function blurAreas(picture: RawPicture, areas: readonly BlurBox[]): Promise<RawPicture> {
  const regions = areas
    .map((area) => toPixelRegion(area, picture.width, picture.height))
    .filter((region): region is PixelRegion => region !== null);
  if (regions.length === 0) return picture;
  const raw = { width: picture.width, height: picture.height, channels: picture.channels };
  const patches = [];
  // One after another: the job holds one libvips thread, as the image work queue assumes.
  for (const region of regions) {
    const block = Math.max(2, Math.round(Math.max(region.width, region.height) / BLOCKS_ACROSS));
    const averaged = await sharp(picture.data, { raw })
      .extract(region)
      .resize(Math.max(1, Math.round(region.width / block)), Math.max(1, Math.round(region.height / block)), {
        fit: 'fill',
        kernel: 'linear',
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const blurred = await sharp(averaged.data, { raw: { ...averaged.info, channels: picture.channels } })
      .resize(region.width, region.height, { fit: 'fill', kernel: 'nearest' })
      .blur(Math.max(0.5, block / 2))
      .raw()
      .toBuffer();
    patches.push({
      input: blurred,
      raw: { width: region.width, height: region.height, channels: picture.channels },
      left: region.left,
      top: region.top,
    });
  }
  let composed = sharp(picture.data, { raw }).composite(patches);
  // Compositing adds an alpha channel; a picture without one must not gain it.
  if (picture.channels === 1 || picture.channels === 3) composed = composed.removeAlpha();
  const { data, info } = await composed.raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== picture.channels) {
    throw new Error(
      `Blurring changed the picture's channels from ${String(picture.channels)} to ${String(info.channels)}`,
    );
  }
  return { ...picture, data };
}
