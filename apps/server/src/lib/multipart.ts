/**
 * Reading a multipart body. Its parser (busboy) reports a malformed body — no boundary, a
 * boundary other than the one announced, a body cut short — as plain errors without a
 * status. Those are the client's mistakes: 400 invalid_multipart. Errors that carry an HTTP
 * status already (size and count limits, our own AppErrors) keep it.
 */
import { AppError } from './errors.ts';

function hasHttpStatus(error: unknown): boolean {
  return error instanceof Error && typeof (error as { statusCode?: unknown }).statusCode === 'number';
}

export async function readingMultipart<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (hasHttpStatus(error)) throw error;
    throw new AppError(400, 'invalid_multipart', 'The upload is not valid multipart/form-data.');
  }
}
