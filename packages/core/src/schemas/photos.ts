/** Blur boxes a person adds to a photo, and the preview of a photo as it will be published. */
import { z } from 'zod';
import { MAX_ADDED_BLUR_BOXES } from '../face-boxes.ts';

const fraction = z.number().min(0).max(1);

/** A box as fractions of the picture's width and height, inside the picture. */
export const blurBoxSchema = z
  .strictObject({
    x: fraction,
    y: fraction,
    width: fraction.min(0.005, 'A blur box must be at least half a percent of the picture wide.'),
    height: fraction.min(0.005, 'A blur box must be at least half a percent of the picture high.'),
  })
  .refine((box) => box.x + box.width <= 1.000001 && box.y + box.height <= 1.000001, {
    message: 'A blur box must lie inside the picture.',
  });

/** The multipart field `blurBoxes`: a JSON array of boxes, sent before the photo. */
export const blurBoxesSchema = z
  .array(blurBoxSchema)
  .max(MAX_ADDED_BLUR_BOXES, `At most ${String(MAX_ADDED_BLUR_BOXES)} blur boxes can be added to a photo.`);
export type AddedBlurBoxes = z.infer<typeof blurBoxesSchema>;

/** What POST /api/photos/preview answers: the photo as it would be published. */
export const photoPreviewSchema = z.object({
  /** The blurred photo, small (at most 800 px), as a data URL; never stored. */
  preview: z.string().startsWith('data:image/'),
  width: z.int().min(1),
  height: z.int().min(1),
  /** The faces found and blurred, as fractions of the picture. */
  faces: z.array(z.object({ x: fraction, y: fraction, width: fraction, height: fraction })),
});
export type PhotoPreview = z.infer<typeof photoPreviewSchema>;
