/** The one error body of the API: every 4xx and 5xx answer has this shape. */
import { z } from 'zod';

export const apiErrorSchema = z.object({
  error: z.object({
    /** Stable and machine-readable, e.g. `validation_failed`, `not_found`, `server_busy`. */
    code: z.string(),
    /** A sentence for people, safe to show as it is. */
    message: z.string(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
