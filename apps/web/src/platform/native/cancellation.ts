/**
 * Whether a plugin call ended because the person closed the system sheet (camera, share,
 * sign-in): nothing went wrong, so nothing is reported. Plugins say so in their message, and
 * some with a code.
 */
export function closedByPerson(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : '';
  return code === 'USER_CANCELLED' || /cancel/iu.test(message);
}
