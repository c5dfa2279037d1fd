/** A link to share and what became of it: for the web's share sheet (share.ts) and the native shell's. */
export type ShareOutcome =
  /** The share sheet was used. */
  | 'shared'
  /** The person closed the share sheet: nothing to say. */
  | 'cancelled'
  /** No share sheet: the link is on the clipboard. */
  | 'copied'
  /** Neither worked (no clipboard access): the caller shows the link. */
  | 'unavailable';

export interface SharedLink {
  readonly title: string;
  readonly text: string;
  /** A path of this app, e.g. /locations/…; made absolute here. */
  readonly path: string;
}
