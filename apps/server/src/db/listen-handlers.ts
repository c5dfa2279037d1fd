/** What a LISTEN on a channel calls back (db/client.ts, on PGlite or PostgreSQL). */
export interface ListenHandlers {
  /** A notification arrived on the channel (payload may be ''). */
  onNotify: (payload: string) => void;
  /**
   * The listener is (again) subscribed: called after the first LISTEN and after every
   * reconnect, so the caller can catch up on what it may have missed.
   */
  onListening?: () => void;
  /** The connection was lost or a LISTEN failed; the handle keeps retrying with backoff. */
  onError?: (error: Error) => void;
}
