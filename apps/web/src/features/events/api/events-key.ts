/** Every events query starts with this key, so a create, edit or delete refreshes them all. */
export const EVENTS_KEY = ['events'] as const;
