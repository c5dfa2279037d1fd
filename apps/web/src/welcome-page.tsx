import { Heart, MapPin, Sparkles, Users } from 'lucide-react';
import { useEffect, useState } from 'react';

interface Health {
  database: { backend: 'pglite' | 'postgres'; migrationVersion: string | null };
}

type HealthState = { kind: 'loading' } | { kind: 'ok'; health: Health } | { kind: 'error' };

function useHealth(): HealthState {
  const [state, setState] = useState<HealthState>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/health', { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`health ${response.status}`);
        setState({ kind: 'ok', health: (await response.json()) as Health });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          console.error(error);
          setState({ kind: 'error' });
        }
      });
    return () => {
      controller.abort();
    };
  }, []);
  return state;
}

const promises = [
  {
    icon: MapPin,
    title: 'Find a playground',
    text: 'Playgrounds, indoor play places and events near you, on a map.',
  },
  {
    icon: Users,
    title: 'Rate and share',
    text: 'Parents vote, tag and add photos, so the next family knows what to expect.',
  },
  {
    icon: Heart,
    title: 'Free for everyone',
    text: 'Open source and community-driven. No ads, no tracking of your children.',
  },
];

function ServerStatus() {
  const state = useHealth();
  const text =
    state.kind === 'loading'
      ? 'Checking the server…'
      : state.kind === 'error'
        ? 'The server is not answering. Is `npm start` running?'
        : `Server ready · ${state.health.database.backend === 'pglite' ? 'embedded database' : 'PostgreSQL'}`;
  const dot = state.kind === 'ok' ? 'bg-park-500' : state.kind === 'error' ? 'bg-red-600' : 'bg-amber-400';
  return (
    <p
      role="status"
      className="inline-flex items-center gap-2 rounded-full bg-white/80 px-4 py-2 text-sm shadow-sm"
    >
      <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${dot}`} />
      {text}
    </p>
  );
}

export function WelcomePage() {
  return (
    <main className="min-h-dvh bg-gradient-to-b from-sun-100 via-sun-50 to-white">
      <div className="mx-auto flex max-w-3xl flex-col gap-10 px-5 py-12 sm:py-20">
        <header className="flex flex-col gap-5">
          <p className="flex items-center gap-2 font-display text-2xl font-semibold text-sun-700">
            <img src="/favicon.svg" alt="" className="h-8 w-8" />
            PlaySpot
          </p>
          <h1 className="font-display text-4xl font-semibold leading-tight text-ink sm:text-6xl">
            Find, rate and share the best play spots for your kids.
          </h1>
          <p className="text-lg text-gray-700">
            The map is on its way. The foundations are in: the server, the database and the rules that keep
            every vote fair.
          </p>
          <ServerStatus />
        </header>
        <ul className="grid gap-4 sm:grid-cols-3">
          {promises.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-3xl bg-white p-5 shadow-md shadow-sun-100">
              <Icon aria-hidden="true" className="mb-3 h-8 w-8 text-sun-500" />
              <h2 className="font-display text-xl font-medium">{title}</h2>
              <p className="mt-1 text-base text-gray-700">{text}</p>
            </li>
          ))}
        </ul>
        <footer className="flex items-center gap-2 text-sm text-gray-600">
          <Sparkles aria-hidden="true" className="h-4 w-4 text-park-500" />
          Developers: the API is documented at{' '}
          <a className="font-semibold text-park-700 underline" href="/api/docs">
            /api/docs
          </a>
        </footer>
      </div>
    </main>
  );
}
