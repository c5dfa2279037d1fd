/**
 * Writes made without a connection (a comment at the park gate), kept on this device and
 * sent when the connection returns, in the order they were made. Nothing is dropped
 * quietly: a write the server refuses when it is finally sent is handed back (with its
 * text) so the person is told, and one that cannot be sent yet stays for the next try.
 */
import { useSyncExternalStore } from 'react';
import { withDeviceLock } from '../platform/device-lock.ts';
import { readStoredText, removeStored, writeStoredText } from '../platform/storage.ts';
import { ApiError, apiRequest } from './api-client.ts';

const STORAGE_KEY = 'offlineOutbox_v1';

export interface QueuedWrite {
  readonly id: string;
  readonly method: 'POST';
  /** An /api path, e.g. /api/locations/<id>/comments. */
  readonly path: string;
  readonly body: unknown;
  /**
   * The name of the place it is about, for the toasts that say it went out or was refused, in
   * the person's language (issue 45); '' when unknown. A write kept before it had this field
   * (it had an English `description`) is told without the place.
   */
  readonly placeName?: string;
  /** The text the person wrote, shown while it waits and if it is refused. */
  readonly text: string;
  /** Query keys whose data the write changes, refreshed once it is sent. */
  readonly refreshes: readonly (readonly unknown[])[];
  readonly queuedAt: string;
}

export type NewQueuedWrite = Omit<QueuedWrite, 'id' | 'queuedAt'>;

const listeners = new Set<() => void>();
let snapshot: readonly QueuedWrite[] | null = null;

function isQueuedWrite(value: unknown): value is QueuedWrite {
  if (typeof value !== 'object' || value === null) return false;
  const write = value as Record<string, unknown>;
  return (
    typeof write.id === 'string' &&
    write.method === 'POST' &&
    typeof write.path === 'string' &&
    write.path.startsWith('/api/') &&
    (write.placeName === undefined || typeof write.placeName === 'string') &&
    typeof write.text === 'string' &&
    Array.isArray(write.refreshes)
  );
}

function read(): readonly QueuedWrite[] {
  if (snapshot !== null) return snapshot;
  const stored = readStoredText(STORAGE_KEY);
  let parsed: unknown;
  try {
    parsed = stored === null ? [] : JSON.parse(stored);
  } catch {
    parsed = [];
  }
  snapshot = Array.isArray(parsed) ? parsed.filter(isQueuedWrite) : [];
  return snapshot;
}

function write(writes: readonly QueuedWrite[]): void {
  snapshot = writes;
  if (writes.length === 0) removeStored(STORAGE_KEY);
  else writeStoredText(STORAGE_KEY, JSON.stringify(writes));
  for (const listener of listeners) listener();
}

/** Another tab changed the outbox: read it again. */
function forget(): void {
  snapshot = null;
  for (const listener of listeners) listener();
}

export function queuedWrites(): readonly QueuedWrite[] {
  return read();
}

export function queueWrite(newWrite: NewQueuedWrite): QueuedWrite {
  const queued: QueuedWrite = { ...newWrite, id: crypto.randomUUID(), queuedAt: new Date().toISOString() };
  write([...read(), queued]);
  return queued;
}

/** Forgets every saved write (sign-out: they belonged to the person who left). */
export function clearQueuedWrites(): void {
  write([]);
}

export function subscribeToQueuedWrites(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The writes waiting to be sent, re-rendering when they change. */
export function useQueuedWrites(): readonly QueuedWrite[] {
  return useSyncExternalStore(subscribeToQueuedWrites, read, read);
}

/** A network failure or a busy server: worth another try later. */
function worthRetrying(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;
}

export interface SendOutcome {
  readonly sent: readonly QueuedWrite[];
  readonly refused: readonly { readonly write: QueuedWrite; readonly error: ApiError }[];
}

/**
 * Sends the saved writes in order, one tab at a time. Stops at the first one that cannot
 * be sent yet (still offline, server busy); the ones the server refuses are taken out and
 * returned, so the caller can tell the person what happened to their text.
 */
export async function sendQueuedWrites(): Promise<SendOutcome> {
  return withDeviceLock('playspot-offline-outbox', async () => {
    forget();
    const sent: QueuedWrite[] = [];
    const refused: { write: QueuedWrite; error: ApiError }[] = [];
    for (const queued of read()) {
      try {
        await apiRequest(queued.path, { method: queued.method, body: queued.body });
        sent.push(queued);
      } catch (error) {
        if (!(error instanceof ApiError) || worthRetrying(error)) break;
        refused.push({ write: queued, error });
      }
      const done = new Set([...sent, ...refused.map((entry) => entry.write)].map((entry) => entry.id));
      write(read().filter((entry) => !done.has(entry.id)));
    }
    return { sent, refused };
  });
}
