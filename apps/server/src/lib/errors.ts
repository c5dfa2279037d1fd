import type { ApiErrorBody } from '@playspot/core';

/** Errors with a stable code that the API returns as `{ error: { code, message } }`. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly code: string;
  constructor(statusCode: number, code: string, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
}

export const notFound = (message: string) => new AppError(404, 'not_found', message);
export const badRequest = (message: string) => new AppError(400, 'bad_request', message);
export const unauthenticated = (message = 'Please sign in to do this.') =>
  new AppError(401, 'unauthenticated', message);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError(403, 'forbidden', message);

export type ErrorBody = ApiErrorBody;

export const errorBody = (code: string, message: string): ErrorBody => ({ error: { code, message } });
