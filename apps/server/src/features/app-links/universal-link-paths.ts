/**
 * The page links the native apps open (iOS universal links, Android App Links); the API stays
 * in the browser's hands. The iOS association file lists them, and the Android manifest's
 * App Links filter must name the same paths (apps/mobile/test/native-projects.test.ts).
 */
export const UNIVERSAL_LINK_PATHS = [
  { '/': '/locations/*', comment: 'a place page' },
  { '/': '/events', comment: 'the events page' },
  { '/': '/deals', comment: 'the deals page' },
] as const;
