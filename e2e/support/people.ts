/**
 * Browser contexts for named people on a role server: signed in through the development
 * sign-in, terms accepted, location prompt answered, map tiles from a stub, nothing else
 * leaving the machine. `api` sends same-origin JSON requests as that person.
 */
import type { APIResponse, Browser, BrowserContext, Page } from '@playwright/test';

/** A 1×1 light-green PNG for every map tile. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4+vUrAAWwAtYbU3BhAAAAAElFTkSuQmCC',
  'base64',
);

export interface PersonSession {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly api: {
    readonly get: (path: string) => Promise<APIResponse>;
    readonly post: (path: string, data: unknown) => Promise<APIResponse>;
    readonly patch: (path: string, data: unknown) => Promise<APIResponse>;
  };
}

interface SessionOptions {
  readonly viewport?: { width: number; height: number };
  /** Where the browser says the person is (granted); without it location stays declined. */
  readonly position?: { latitude: number; longitude: number };
  /** The device's time zone (the browser's default otherwise). */
  readonly timezoneId?: string;
  /** The browser's clock reads this instant (a server started with CLOCK_START agrees). */
  readonly clockAt?: Date;
}

export async function openSession(
  browser: Browser,
  baseURL: string,
  userName: string | null,
  options: SessionOptions = {},
): Promise<PersonSession> {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    ...(options.position ? { geolocation: options.position, permissions: ['geolocation'] } : {}),
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, async (route) => {
    if (/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/.test(route.request().url())) {
      await route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
    } else {
      await route.abort();
    }
  });
  const declineLocation = !options.position;
  await context.addInitScript((decline: boolean) => {
    localStorage.setItem('hasAcceptedToS_v1', 'true');
    if (decline) localStorage.setItem('locationPermissionDenied', 'true');
  }, declineLocation);
  if (userName !== null) {
    const response = await context.request.post('/api/auth/development/sign-in', { data: { userName } });
    if (!response.ok())
      throw new Error(`Sign-in as ${userName}: ${response.status()} ${await response.text()}`);
  }
  const headers = { origin: baseURL };
  if (options.clockAt) await context.clock.setFixedTime(options.clockAt);
  return {
    context,
    page: await context.newPage(),
    api: {
      get: (path) => context.request.get(path),
      post: (path, data) => context.request.post(path, { data, headers }),
      patch: (path, data) => context.request.patch(path, { data, headers }),
    },
  };
}

/** The id of a demo place by its name (the demo data is seeded on every fresh server). */
export async function placeId(session: PersonSession, name: string): Promise<string> {
  const response = await session.api.get(
    `/api/locations/search?q=${encodeURIComponent(name)}&lat=-36.8597&lng=174.7752`,
  );
  const body = (await response.json()) as { items: { id: string; name: string }[] };
  const hit = body.items.find((item) => item.name === name);
  if (!hit) throw new Error(`No demo place named ${name}`);
  return hit.id;
}

/** Weekday name and 'HH:MM' in Pacific/Auckland, `offsetMinutes` from now (the demo places' zone). */
export function aucklandWallClock(
  offsetMinutes: number,
  from: Date = new Date(),
): { dayOfWeek: string; time: string } {
  const at = new Date(from.getTime() + offsetMinutes * 60_000);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Pacific/Auckland',
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return { dayOfWeek: part('weekday'), time: `${part('hour')}:${part('minute')}` };
}

/** 'YYYY-MM-DD' in Pacific/Auckland, `offsetDays` from today. */
export function aucklandDate(offsetDays: number, from: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(
    new Date(from.getTime() + offsetDays * 86_400_000),
  );
}

/** The instant of wall-clock `time` ('HH:MM') on `date` ('YYYY-MM-DD') in Pacific/Auckland. */
export function aucklandInstant(date: string, time: string): Date {
  const naive = new Date(`${date}T${time}:00Z`);
  const offsetAt = (instant: Date) => {
    const name =
      new Intl.DateTimeFormat('en-US', { timeZone: 'Pacific/Auckland', timeZoneName: 'longOffset' })
        .formatToParts(instant)
        .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT+00:00';
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    if (!match) return 0;
    return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
  };
  return new Date(naive.getTime() - offsetAt(naive) * 60_000);
}
