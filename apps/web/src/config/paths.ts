/** Every page URL of the web app, in one place (house style): links and routes use these. */
export const paths = {
  home: '/',
  map: '/MapView',
  aboutUs: '/AboutUs',
  terms: '/terms',
  location: {
    pattern: '/locations/:locationId',
    build: (locationId: string) => `/locations/${encodeURIComponent(locationId)}`,
  },
  /** Throws on purpose to show the error page; only when env.crashRouteEnabled. */
  crashTest: '/dev/crash',
} as const;
