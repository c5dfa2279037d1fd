/** Every page URL of the web app, in one place (house style): links and routes use these. */
export const paths = {
  home: '/',
  map: '/MapView',
  /** The map around a spot; without a radius the list looks 1 km around it (spec §2). */
  mapAround: (center: { readonly lat: number; readonly lng: number }) =>
    `/MapView?lat=${center.lat.toFixed(6)}&lng=${center.lng.toFixed(6)}`,
  aboutUs: '/AboutUs',
  terms: '/terms',
  events: '/events',
  deals: '/deals',
  moderation: '/moderation',
  /** The areas a maintainer looks after and their open defects (issue 48). */
  maintenance: '/maintenance',
  place: {
    pattern: '/locations/:locationId',
    build: (locationId: string) => `/locations/${encodeURIComponent(locationId)}`,
  },
  /** Add a play spot (signed in). Static, so it wins over location.pattern. */
  addPlace: '/locations/new',
  editPlace: {
    pattern: '/locations/:locationId/edit',
    build: (locationId: string) => `/locations/${encodeURIComponent(locationId)}/edit`,
  },
  /** The signed-in person's own profile. */
  profile: '/profile',
  /** The places the signed-in person saved (issue 18). */
  myPlaces: '/profile/places',
  /** The signed-in person's own removal requests and where each stands. */
  myRemovalRequests: '/profile/removal-requests',
  user: {
    pattern: '/users/:userName',
    build: (userName: string) => `/users/${encodeURIComponent(userName)}`,
  },
  /** Throws on purpose to show the error page; only when env.crashRouteEnabled. */
  crashTest: '/dev/crash',
} as const;
