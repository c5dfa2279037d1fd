/**
 * Every constant of the specification, named once. Rules, schemas, the server and the web
 * app import them from here; a number or message that appears in the spec must not be
 * re-typed anywhere else.
 */

// ---------------------------------------------------------------------------------------
// Geography (spec §2, §5, §9)
// ---------------------------------------------------------------------------------------

/** The spec's conversion for radius searches: 111.32 km per degree of latitude. */
export const KM_PER_DEGREE_LATITUDE = 111.32;

/** Earth radius used by the haversine distance (spec §5). */
export const EARTH_RADIUS_KM = 6371;

/** Half the circumference: no two points on the sphere are farther apart than this. */
export const MAX_DISTANCE_KM = Math.PI * EARTH_RADIUS_KM;

/** Beyond this the nearest places are "far": the list says so and offers to look elsewhere. */
export const NEARBY_FAR_KM = 50;

/** Radius of a keyword search around a centre when none is given. */
export const DEFAULT_SEARCH_RADIUS_KM = 50;

/** The filter radius defaults to unlimited, written as null. */
export const UNLIMITED_RADIUS = null;

/** Map centre when the user's position is unknown (Auckland area). */
export const DEFAULT_MAP_CENTER = { lat: -36.848461, lng: 174.763336 } as const;

/** Accuracy circle around the user's position, in metres: device reading vs manually set. */
export const ACCURACY_CIRCLE_RADIUS_M = 50;
export const MANUAL_LOCATION_ACCURACY_RADIUS_M = 100;

/** Radius of the small circle marker at the user's position. */
export const POSITION_MARKER_RADIUS = 8;

/** Radius (km) used when a specific centre is given without a radius (core givenCentre). */
export const CENTER_WITHOUT_RADIUS_RADIUS = 1;

/**
 * A device reading older than this is "old": the app still uses it (a parent who was here
 * yesterday opens where they were) but says how old it is.
 */
export const POSITION_FRESH_MINUTES = 10;

/**
 * "I was here" needs the device near the place: within this many metres, plus the reading's
 * own accuracy (capped at VISIT_ACCURACY_CAP_M, so a vague reading cannot stretch it to town).
 */
export const VISIT_MAX_DISTANCE_M = 300;
export const VISIT_ACCURACY_CAP_M = 200;

/** The largest accuracy a device reading may claim (a coarse network fix is a few km). */
export const MAX_READING_ACCURACY_M = 100_000;

/** Device position request options (spec §9); maximumAge applies to the browser API. */
export const GEOLOCATION_OPTIONS = {
  enableHighAccuracy: true,
  timeout: 5000,
  maximumAge: 0,
} as const;

// ---------------------------------------------------------------------------------------
// Time (spec §4, §5, §9; ARCHITECTURE.md "Time")
// ---------------------------------------------------------------------------------------

/** A timestamp at most this many hours old is "recent" (14 days). */
export const RECENT_HOURS = 336;

/** An event is live up to this many minutes after its start. */
export const EVENT_LIVE_MINUTES = 30;

/**
 * An event given no end lasts this long (issue 45): every event made before ends were stored
 * was written to calendars as lasting one hour, and keeps exactly that.
 */
export const EVENT_DEFAULT_MINUTES = 60;

/** Zone in which event schedules and deal expiry dates are evaluated by default. */
export const DEFAULT_TIME_ZONE = 'Pacific/Auckland';

/** English weekday names, Monday first (the spec's event dayOfWeek values). */
export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/** How an event repeats. */
export const REPEAT_PATTERNS = ['Week', 'Month first', 'Month second', 'Month third', 'Month last'] as const;
export type RepeatPattern = (typeof REPEAT_PATTERNS)[number];

// ---------------------------------------------------------------------------------------
// Users, points and levels (spec §3, §6, §9)
// ---------------------------------------------------------------------------------------

export const USER_ROLES = ['basic', 'moderator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const INITIAL_USER_ROLE: UserRole = 'basic';
export const INITIAL_USER_LEVEL = 1;
export const INITIAL_USER_POINTS = 0;

/** Points awarded per contribution. */
export const POINTS_PER_ACTION = {
  addLocation: 100,
  locationImage: 100,
  locationDescription: 100,
  comment: 100,
  commentImage: 100,
  /** A parent's first answer to a fact of a place (issue 18): a tap, so a tenth of the above. */
  factAnswer: 10,
} as const;
export type PointsAction = keyof typeof POINTS_PER_ACTION;

/**
 * Level n is reached at 50·(n−1)·n points: the spec's "level·(level+1)·100/2" is the
 * threshold of the level after `level`. This is the 100 in that formula.
 */
export const LEVEL_POINTS_STEP = 100;

/** Creator name of places added by an import rather than a person. */
export const DEFAULT_CREATED_BY_USER_NAME = 'batch';

/** User names (bounds chosen here; the spec leaves them open). */
export const USER_NAME_MIN_LENGTH = 3;
export const USER_NAME_MAX_LENGTH = 30;

// ---------------------------------------------------------------------------------------
// Places, tags, comments (limits chosen here; the spec leaves them open)
// ---------------------------------------------------------------------------------------

/** Age buckets a place can be suitable for. */
export const AGE_RANGES = ['0-2', '2-5', '5-12', '12+'] as const;
export type AgeRange = (typeof AGE_RANGES)[number];

export const PLACE_NAME_MAX_LENGTH = 120;
export const PLACE_DESCRIPTION_MAX_LENGTH = 2000;
export const WEBSITE_MAX_LENGTH = 2048;
export const TAG_MIN_LENGTH = 1;
export const TAG_MAX_LENGTH = 40;
export const MAX_TAGS = 20;
export const COMMENT_MIN_LENGTH = 1;
export const COMMENT_MAX_LENGTH = 2000;
export const EVENT_TITLE_MAX_LENGTH = 120;
export const EVENT_DESCRIPTION_MAX_LENGTH = 2000;
export const MAX_EVENT_INVITEES = 100;
export const DEAL_TITLE_MAX_LENGTH = 200;
export const DEAL_EXTRA_MAX_KEYS = 50;
export const REMOVAL_REASON_MIN_LENGTH = 1;
export const REMOVAL_REASON_MAX_LENGTH = 1000;
export const SEARCH_QUERY_MIN_LENGTH = 1;
export const SEARCH_QUERY_MAX_LENGTH = 100;

/** Page size of place lists. */
export const PLACES_PAGE_MIN = 1;
export const PLACES_PAGE_MAX = 200;
export const PLACES_PAGE_DEFAULT = 50;

/** Map zoom levels accepted by viewport queries. */
export const MIN_ZOOM = 0;
export const MAX_ZOOM = 22;

// ---------------------------------------------------------------------------------------
// Removal requests (spec §3, §4)
// ---------------------------------------------------------------------------------------

/** The literal location id by which a removal request asks to delete the account. */
export const ACCOUNT_DELETION_PLACE_ID = 'account-deletion';

export const REMOVAL_REQUEST_TYPES = ['location', 'account'] as const;
export type RemovalRequestType = (typeof REMOVAL_REQUEST_TYPES)[number];

export const REMOVAL_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RemovalRequestStatus = (typeof REMOVAL_REQUEST_STATUSES)[number];

export const INITIAL_REMOVAL_REQUEST_STATUS: RemovalRequestStatus = 'pending';

// ---------------------------------------------------------------------------------------
// Analytics (spec §7)
// ---------------------------------------------------------------------------------------

/** Source recorded with app_store_click when the caller names none. */
export const APP_STORE_CLICK_DEFAULT_SOURCE = 'unknown';

/** Screen name when a route has neither a page name nor a path segment. */
export const HOME_SCREEN_NAME = 'Home';

export const ANALYTICS_BATCH_MAX = 50;
export const ANALYTICS_PARAMS_MAX = 25;
export const ANALYTICS_PARAM_KEY_MAX_LENGTH = 40;
export const ANALYTICS_PARAM_VALUE_MAX_LENGTH = 500;

// ---------------------------------------------------------------------------------------
// Device storage and UI (spec §4, §9)
// ---------------------------------------------------------------------------------------

/** Keys in the device's local storage. */
/**
 * The cookie holding the language a parent chose (issue 46): the server draws its pages in it.
 * Not personal: a language code, sent to PlaySpot only.
 */
export const LANGUAGE_COOKIE = 'playspot_lang';

/**
 * The URL parameter naming a page's language (`?lang=fr`, issues 46 and 47): each language's
 * own address of a server-drawn page (seo/language-urls.ts).
 */
export const LANGUAGE_PARAMETER = 'lang';

/**
 * The languages the app speaks (issue 46; the web app's LANGUAGES, a web test keeps the two
 * equal): an import keeps a place's OpenStreetMap `name:<language>` in each of them.
 */
export const APP_LANGUAGES = [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'pl',
  'pt',
  'tr',
  'uk',
  'ar',
  'ja',
] as const;

export const STORAGE_KEYS = {
  /** Filters without radius, as JSON. */
  locationFilters: 'locationFilters',
  /** The string 'true' once the user declined location access. */
  locationPermissionDenied: 'locationPermissionDenied',
  /** The string 'true' once the terms were accepted; versioned so new terms ask again. */
  hasAcceptedToS: 'hasAcceptedToS_v1',
  /** The person's last known position (device reading or set by hand), as JSON; ours. */
  lastKnownPosition: 'lastKnownPosition',
  /** The map's last view (centre and zoom), as JSON, so the map reopens where it was; ours. */
  lastMapView: 'lastMapView',
  /** The language chosen in the menu ('en', 'de'); absent while the device's language is followed; ours. */
  language: 'language',
  /** 'metric' or 'imperial' as chosen in the menu; absent while the device's region is followed; ours. */
  distanceUnits: 'distanceUnits',
} as const;

/** The value stored under a flag key when the flag is set. */
export const STORAGE_FLAG_TRUE = 'true';

/** Toast notifications close by themselves after this long. */
export const TOAST_AUTO_CLOSE_MS = 5000;

// ---------------------------------------------------------------------------------------
// Messages (spec §8)
// ---------------------------------------------------------------------------------------

/** Messages shown to users. */
export const USER_MESSAGES = {
  locationServicesError: 'Location services error. Please check your device settings.',
  locationPermissionDeniedNative:
    'Location permission denied. Please enable location in your device settings.',
  locationPermissionDeniedBrowser:
    'Location permission denied. Please enable location in your browser settings.',
  locationAccessError: 'Error accessing location services.',
  locationPermissionCheckError: 'Error checking location permissions',
  renderError: 'Something went wrong.',
} as const;

/** Internal errors: logged and rethrown, never shown as they are. */
export const ERROR_MESSAGES = {
  userNotFound: 'User not found',
  placeDoesNotExist: 'Location does not exist',
  placeNotFound: 'Location not found',
  commentNotFound: 'Comment not found',
  geolocationNotSupported: 'Geolocation not supported',
} as const;
