/**
 * The embeddable map (issue 47): a read-only map and a compact list of play spots for a
 * council's, a school's or a blog's page, in an <iframe>. No sign-in, no terms dialog: nothing
 * is written, and the terms are linked. Every link opens PlaySpot in a new tab.
 *
 * Plain DOM and Leaflet, without React, the router or zod (its budget is 100 KB of JavaScript
 * on first load; build-tools/embed-build.ts checks it). Texts come from locales/<lang>/embed.json.
 */
import 'leaflet/dist/leaflet.css';
import './embed.css';
import { divIcon, latLngBounds, map as leafletMap, marker, tileLayer } from 'leaflet';
import { DEFAULT_MAP_CENTER, LANGUAGE_PARAMETER } from '@playspot/core';
import english from '../locales/en/embed.json';
import { deviceLanguages } from '../platform/device.ts';
import { addressLanguage, EMBED_LIST_LIMIT, embedQueryOf, type EmbedQuery } from './embed-address.ts';

type Texts = Record<
  'heading' | 'open' | 'openPlace' | 'outdoor' | 'indoor' | 'free' | 'terms' | 'map' | 'empty' | 'error',
  string
>;

const TEXTS = import.meta.glob<Texts>('../locales/*/embed.json', { eager: true, import: 'default' });
const LANGUAGES = Object.keys(TEXTS).map((file) => /locales\/([^/]+)\//u.exec(file)?.[1] ?? 'en');
const RIGHT_TO_LEFT = new Set(['ar']);
/** Read here rather than through config/env.ts, whose zod schema would double this page's JS. */
const PRODUCT = import.meta.env.VITE_PRODUCT_NAME?.trim() || 'PlaySpot';

interface EmbedPlace {
  readonly id: string;
  readonly name: string;
  readonly lat: number;
  readonly lng: number;
  readonly indoor: boolean | null;
  readonly free: boolean | null;
  readonly thumbnailUrl?: string | undefined;
}

const params = new URLSearchParams(window.location.search);
const chosen = addressLanguage(params, LANGUAGES);
const language =
  chosen ??
  deviceLanguages()
    .map((tag) => tag.toLowerCase().split('-')[0] ?? '')
    .find((base) => LANGUAGES.includes(base)) ??
  'en';
const texts: Texts = TEXTS[`../locales/${language}/embed.json`] ?? english;
const say = (key: keyof Texts, values: Record<string, string> = {}) =>
  texts[key].replace(/\{\{\s*(\w+)\s*\}\}/gu, (_, name: string) => values[name] ?? '');

/** A PlaySpot address in the embed's language, when the address named one. */
function appUrl(path: string): string {
  const url = new URL(path, window.location.origin);
  if (chosen !== null) url.searchParams.set(LANGUAGE_PARAMETER, chosen);
  return url.href;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** Links leave the frame: PlaySpot opens in a tab of its own. */
const outLink = (href: string, attributes: Record<string, string>, ...children: (Node | string)[]) =>
  element('a', { href, target: '_blank', rel: 'noopener', ...attributes }, ...children);

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path}: ${String(response.status)}`);
  return (await response.json()) as T;
}

interface FullPlace {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  indoor: boolean | null;
  free: boolean | null;
  imageMetaData: { thumbnailUrl?: string; commentId?: string }[];
}

async function placesFor(query: EmbedQuery): Promise<EmbedPlace[]> {
  if (query.kind === 'ids') {
    const found = await Promise.all(
      query.ids.map((id) => getJson<FullPlace>(`/api/locations/${id}`).catch(() => null)),
    );
    return found
      .filter((place): place is FullPlace => place !== null)
      .map((place) => ({
        id: place.id,
        name: place.name,
        lat: place.latitude,
        lng: place.longitude,
        indoor: place.indoor,
        free: place.free,
        thumbnailUrl: place.imageMetaData.find((image) => image.commentId === undefined)?.thumbnailUrl,
      }));
  }
  const search = new URLSearchParams(query.filters);
  search.set('lat', String(query.centre.lat));
  search.set('lng', String(query.centre.lng));
  if (query.radiusKm !== null) search.set('radiusKm', String(query.radiusKm));
  search.set('limit', String(EMBED_LIST_LIMIT));
  return (await getJson<{ items: EmbedPlace[] }>(`/api/locations/summaries?${search.toString()}`)).items;
}

function badges(place: EmbedPlace): HTMLElement {
  const words = [place.indoor === true ? say('indoor') : place.indoor === false ? say('outdoor') : null];
  if (place.free === true) words.push(say('free'));
  return element(
    'span',
    { class: 'badges' },
    ...words
      .filter((word): word is string => word !== null)
      .map((word) => element('span', { class: 'badge' }, word)),
  );
}

function row(place: EmbedPlace): HTMLLIElement {
  const picture =
    place.thumbnailUrl === undefined
      ? element('span', {
          class: `thumb none ${place.indoor === true ? 'indoor' : 'outdoor'}`,
          'aria-hidden': 'true',
        })
      : element('img', {
          class: 'thumb',
          src: place.thumbnailUrl,
          alt: '',
          loading: 'lazy',
          width: '48',
          height: '48',
        });
  return element(
    'li',
    { 'data-id': place.id },
    outLink(
      appUrl(`/locations/${encodeURIComponent(place.id)}`),
      { 'aria-label': say('openPlace', { name: place.name, product: PRODUCT }) },
      picture,
      element(
        'span',
        { class: 'text' },
        element('span', { class: 'name', dir: 'auto' }, place.name),
        badges(place),
      ),
    ),
  );
}

const LOGO =
  '<svg viewBox="0 0 64 64" aria-hidden="true" width="24" height="24"><path fill="#f97316" d="M32 4c-11 0-20 8.6-20 19.4C12 38 32 60 32 60s20-22 20-36.6C52 12.6 43 4 32 4z"/><circle cx="32" cy="23" r="9" fill="#fff"/><circle cx="32" cy="23" r="4.5" fill="#22c55e"/></svg>';

async function start(): Promise<void> {
  const root = document.getElementById('embed');
  if (root === null) return;
  document.documentElement.lang = language;
  document.documentElement.dir = RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';
  document.title = `${say('heading')} · ${PRODUCT}`;
  const brand = outLink(appUrl('/MapView'), {
    class: 'brand',
    'aria-label': say('open', { product: PRODUCT }),
  });
  brand.innerHTML = LOGO;
  brand.append(element('span', {}, PRODUCT));
  const mapBox = element('div', { class: 'map', role: 'region', 'aria-label': say('map') });
  const list = element('ol', { class: 'list', 'aria-label': say('heading') });
  const status = element('p', { class: 'status', role: 'status' });
  root.append(
    element('header', {}, brand, element('h1', {}, say('heading'))),
    element('div', { class: 'body' }, mapBox, element('div', { class: 'side' }, status, list)),
    element(
      'footer',
      {},
      outLink(appUrl('/terms'), {}, say('terms')),
      outLink(appUrl('/MapView'), {}, say('open', { product: PRODUCT })),
    ),
  );

  // The map's own links (the tiles' and Leaflet's credits) leave the frame too.
  root.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (link === null || link.getAttribute('role') === 'button') return;
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener');
  });

  const query = embedQueryOf(params, DEFAULT_MAP_CENTER);
  const view = leafletMap(mapBox, { zoomControl: true, attributionControl: true, scrollWheelZoom: false });
  const centre = query.kind === 'near' ? query.centre : DEFAULT_MAP_CENTER;
  view.setView([centre.lat, centre.lng], 13);
  const [config, places] = await Promise.all([
    getJson<{ tiles: { url: string; attribution: string } }>('/api/config').catch(() => null),
    placesFor(query).catch(() => null),
  ]);
  if (config !== null)
    tileLayer(config.tiles.url, { attribution: config.tiles.attribution, maxZoom: 19 }).addTo(view);
  root.removeAttribute('aria-busy');
  if (places === null) {
    status.textContent = say('error');
    return;
  }
  if (places.length === 0) status.textContent = say('empty');
  else status.remove();
  for (const place of places) {
    const pin = marker([place.lat, place.lng], {
      title: place.name,
      alt: place.name,
      icon: divIcon({
        className: `pin ${place.indoor === true ? 'indoor' : 'outdoor'}`,
        iconSize: [18, 18],
        iconAnchor: [9, 9],
      }),
      keyboard: false,
    }).addTo(view);
    pin.on('click', () => {
      const item = list.querySelector<HTMLElement>(`li[data-id="${place.id}"]`);
      list.querySelector('.selected')?.classList.remove('selected');
      item?.classList.add('selected');
      item?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    });
    list.append(row(place));
  }
  if (places.length > 0) {
    const bounds = latLngBounds(places.map((place) => [place.lat, place.lng]));
    view.fitBounds(bounds, { padding: [24, 24], maxZoom: 16 });
  }
}

void start();
