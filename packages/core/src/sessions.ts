/**
 * Session lifetime: a session ends after `idle` without use (sliding), and in any case at its
 * absolute end, however active it is. Pure: callers pass `now`.
 */
export interface SessionLifetime {
  readonly idleMs: number;
  readonly absoluteMs: number;
}

/** Thirty days without use ends a session; none lives longer than 180 days. */
export const DEFAULT_SESSION_LIFETIME: SessionLifetime = {
  idleMs: 30 * 24 * 60 * 60 * 1000,
  absoluteMs: 180 * 24 * 60 * 60 * 1000,
};

/**
 * How often at most a session's idle expiry is pushed forward, so an active user does not
 * cause a database write on every request.
 */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface SessionTimes {
  readonly idleExpiresAt: Date;
  readonly absoluteExpiresAt: Date;
  readonly lastSeenAt: Date;
}

export function newSessionTimes(now: Date, lifetime: SessionLifetime): SessionTimes {
  const absoluteExpiresAt = new Date(now.getTime() + lifetime.absoluteMs);
  const idleEnd = new Date(now.getTime() + lifetime.idleMs);
  return {
    lastSeenAt: now,
    absoluteExpiresAt,
    idleExpiresAt: idleEnd < absoluteExpiresAt ? idleEnd : absoluteExpiresAt,
  };
}

export function isSessionActive(session: SessionTimes, now: Date): boolean {
  return now < session.idleExpiresAt && now < session.absoluteExpiresAt;
}

/**
 * The session's times after a use at `now`, or null when nothing needs writing (used
 * recently). Never extends past the absolute end.
 */
export function touchSession(
  session: SessionTimes,
  now: Date,
  lifetime: SessionLifetime,
): SessionTimes | null {
  if (now.getTime() - session.lastSeenAt.getTime() < SESSION_TOUCH_INTERVAL_MS) return null;
  const idleEnd = new Date(now.getTime() + lifetime.idleMs);
  return {
    lastSeenAt: now,
    absoluteExpiresAt: session.absoluteExpiresAt,
    idleExpiresAt: idleEnd < session.absoluteExpiresAt ? idleEnd : session.absoluteExpiresAt,
  };
}
