/** Who is looking, as the events screens need it (passed in by the app layer). */
import type { UserRole } from '@playspot/core';

export interface Viewer {
  readonly userName: string | null;
  readonly role: UserRole;
}
