/**
 * Type-safe keys: t('map:…') and useTranslation('filters') are checked against the English
 * texts, so `npm run check` fails on a missing or misspelt key. A new namespace is added here
 * and in NAMESPACES (namespaces.ts).
 */
import type app from '../../locales/en/app.json';
import type auth from '../../locales/en/auth.json';
import type common from '../../locales/en/common.json';
import type conditions from '../../locales/en/conditions.json';
import type contribute from '../../locales/en/contribute.json';
import type deals from '../../locales/en/deals.json';
import type embed from '../../locales/en/embed.json';
import type events from '../../locales/en/events.json';
import type favourites from '../../locales/en/favourites.json';
import type filters from '../../locales/en/filters.json';
import type placeDetails from '../../locales/en/location-details.json';
import type map from '../../locales/en/map.json';
import type moderation from '../../locales/en/moderation.json';
import type offline from '../../locales/en/offline.json';
import type photoReview from '../../locales/en/photo-review.json';
import type profile from '../../locales/en/profile.json';
import type rightNow from '../../locales/en/right-now.json';
import type search from '../../locales/en/search.json';
import type terms from '../../locales/en/terms.json';
import type userPosition from '../../locales/en/user-position.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      app: typeof app;
      auth: typeof auth;
      common: typeof common;
      conditions: typeof conditions;
      contribute: typeof contribute;
      deals: typeof deals;
      embed: typeof embed;
      events: typeof events;
      favourites: typeof favourites;
      filters: typeof filters;
      'location-details': typeof placeDetails;
      map: typeof map;
      moderation: typeof moderation;
      offline: typeof offline;
      'photo-review': typeof photoReview;
      profile: typeof profile;
      'right-now': typeof rightNow;
      search: typeof search;
      terms: typeof terms;
      'user-position': typeof userPosition;
    };
  }
}
