/**
 * How much fine detail a part of a picture holds: the mean absolute Laplacian of its grey
 * levels. Blurring a face makes it fall far below the original's; a part left alone keeps it
 * (within what re-encoding costs).
 */
import sharp from 'sharp';

export interface Area {
  /** Fractions (0–1) of the picture's width and height. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function detailIn(image: Buffer, area: Area): Promise<number> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  const left = Math.round(area.x * info.width);
  const top = Math.round(area.y * info.height);
  const right = Math.round((area.x + area.width) * info.width);
  const bottom = Math.round((area.y + area.height) * info.height);
  const at = (x: number, y: number) => data[y * info.width + x] ?? 0;
  let sum = 0;
  let count = 0;
  for (let y = Math.max(1, top); y < Math.min(info.height - 1, bottom); y++) {
    for (let x = Math.max(1, left); x < Math.min(info.width - 1, right); x++) {
      sum += Math.abs(4 * at(x, y) - at(x - 1, y) - at(x + 1, y) - at(x, y - 1) - at(x, y + 1));
      count++;
    }
  }
  if (count === 0) throw new RangeError('The area holds no inner pixels');
  return sum / count;
}

/** The mean absolute difference of two same-sized pictures' grey levels within an area. */
export async function differenceIn(a: Buffer, b: Buffer, area: Area): Promise<number> {
  const [first, second] = await Promise.all(
    [a, b].map((image) => sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true })),
  );
  if (
    !first ||
    !second ||
    first.info.width !== second.info.width ||
    first.info.height !== second.info.height
  ) {
    throw new RangeError('The pictures differ in size');
  }
  const { width, height } = first.info;
  let sum = 0;
  let count = 0;
  for (let y = Math.round(area.y * height); y < Math.round((area.y + area.height) * height); y++) {
    for (let x = Math.round(area.x * width); x < Math.round((area.x + area.width) * width); x++) {
      sum += Math.abs((first.data[y * width + x] ?? 0) - (second.data[y * width + x] ?? 0));
      count++;
    }
  }
  return sum / count;
}
