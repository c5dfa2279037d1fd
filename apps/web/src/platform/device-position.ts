/**
 * What a reading of the person's position is, and how it fails: the browser's geolocation
 * (geolocation.ts) and the native shell's location service (native/position.ts) answer in
 * the same shape, so the app maps each reason to one message.
 */
export interface DevicePosition {
  readonly lat: number;
  readonly lng: number;
  /** Metres, as reported by the device. */
  readonly accuracy: number;
}

export type PositionErrorReason =
  'permission-denied' | 'position-unavailable' | 'timeout' | 'unsupported' | 'unexpected';

export class PositionError extends Error {
  readonly reason: PositionErrorReason;

  constructor(reason: PositionErrorReason, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PositionError';
    this.reason = reason;
  }
}

/** What the browser says about location access before we ask. */
export type PositionPermissionState = 'granted' | 'denied' | 'prompt';
