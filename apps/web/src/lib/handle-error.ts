/**
 * The web app's one error path for things the person should know about (house style): log
 * the details for developers, show a short toast for people. Toasts close after 5 s.
 * react-toastify and its container load with the first toast (provider.tsx): most visits show
 * none, and a toast sent before its container has mounted waits for it.
 */
import { ApiError } from './api-client.ts';
import { i18n } from './i18n/i18n.ts';

/** The server's stable error codes (and the client's own two) that have a translated message. */
const KNOWN_CODES = [
  'already_decided',
  'bad_request',
  'bad_url',
  'comment_hidden',
  'condition_quota',
  'conflict',
  'face_check_failed',
  'file_too_large',
  'forbidden',
  'http_error',
  'image_too_large',
  'internal_error',
  'invalid_fact_value',
  'invalid_image',
  'invalid_json',
  'invalid_multipart',
  'network_error',
  'not_at_the_place',
  'not_found',
  'payload_too_large',
  'provider_not_configured',
  'rate_limited',
  'server_busy',
  'sign_in_failed',
  'too_many_fields',
  'too_many_files',
  'unauthenticated',
  'unsupported_image',
  'unsupported_media_type',
  'uri_too_long',
  'user_name_taken',
  'validation_failed',
  'visit_already_logged',
  'visit_needed',
] as const;
type KnownCode = (typeof KNOWN_CODES)[number];

function isKnownCode(code: string): code is KnownCode {
  return (KNOWN_CODES as readonly string[]).includes(code);
}

/**
 * What to tell a person about a failed API call. The server words its messages in English with
 * a stable code: English shows the server's own sentence (as it always has); another language
 * shows its translation of the code, or a general one for a code it does not know (never the
 * English text).
 */
export function apiErrorMessage(error: ApiError): string {
  if (i18n.language === 'en') return error.message;
  return isKnownCode(error.code)
    ? i18n.t(`common:errors.codes.${error.code}`)
    : i18n.t('common:errors.generic');
}

/** A failure's message for people: the API's (see apiErrorMessage), else the general one. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? apiErrorMessage(error) : i18n.t('common:errors.generic');
}

type Toastify = typeof import('react-toastify');

let toastify: Promise<Toastify> | undefined;
const toastsWantedListeners = new Set<() => void>();
let containerMounted: () => void = () => undefined;
const containerReady = new Promise<void>((resolve) => {
  containerMounted = resolve;
});

/** react-toastify's module, loaded once (the provider's container needs only this). */
export function importToasts(): Promise<Toastify> {
  if (toastify === undefined) {
    toastify = import('react-toastify');
    for (const listener of toastsWantedListeners) listener();
  }
  return toastify;
}

/** Called by the provider once the toasts' container is in the page. */
export function toastContainerMounted(): void {
  containerMounted();
}

/**
 * react-toastify once its container is in the page: loaded with the first toast. A toast sent
 * before the container would wait in react-toastify's queue, where `isActive` cannot see it,
 * and quick points (+10, +10, +10) would not add up into one toast.
 */
export async function loadToasts(): Promise<Toastify> {
  const loaded = await importToasts();
  await containerReady;
  return loaded;
}

/** Whether a toast has been asked for: the app then draws the toasts' container. */
export function toastsWanted(): boolean {
  return toastify !== undefined;
}

export function onToastsWanted(listener: () => void): () => void {
  toastsWantedListeners.add(listener);
  return () => toastsWantedListeners.delete(listener);
}

/** Shows `message` (or the error's own API message) and logs the error. */
export function handleError(error: unknown, message?: string): void {
  console.error(error);
  const text = message ?? errorMessage(error);
  // The same text twice in a row (say, two failed fetches) shows one toast.
  void loadToasts().then(({ toast }) => toast.error(text, { toastId: text }));
}

export function notifySuccess(message: string): void {
  void loadToasts().then(({ toast }) => toast.success(message, { toastId: message }));
}
