/** /AboutUs (spec §2): what PlaySpot is, how points and levels work, and how we treat privacy. */
import { levelThreshold, OSM_ATTRIBUTION, OSM_COPYRIGHT_URL, POINTS_PER_ACTION } from '@playspot/core';
import { Camera, Heart, MapPin, MessageCircle, PenLine, ShieldCheck, Star, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button.tsx';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { ContentPage, Section } from '../components/content-page.tsx';
import { ContinueWhereYouWere } from '../components/continue-where-you-were.tsx';

const EARNING: readonly { icon: ReactNode; what: string; points: number }[] = [
  { icon: <MapPin className="h-5 w-5" />, what: 'Add a place', points: POINTS_PER_ACTION.addLocation },
  {
    icon: <Camera className="h-5 w-5" />,
    what: 'Add a photo of a place',
    points: POINTS_PER_ACTION.locationImage,
  },
  {
    icon: <PenLine className="h-5 w-5" />,
    what: 'Describe a place',
    points: POINTS_PER_ACTION.locationDescription,
  },
  { icon: <MessageCircle className="h-5 w-5" />, what: 'Leave a comment', points: POINTS_PER_ACTION.comment },
  {
    icon: <Camera className="h-5 w-5" />,
    what: 'Add a photo to your comment',
    points: POINTS_PER_ACTION.commentImage,
  },
];

const LEVELS = [1, 2, 3, 4, 5, 6].map((level) => ({ level, from: levelThreshold(level) }));

function Pillar({
  icon,
  title,
  children,
}: {
  readonly icon: ReactNode;
  readonly title: string;
  readonly children: ReactNode;
}) {
  return (
    <li className="rounded-3xl bg-sun-50 p-5">
      <span
        aria-hidden="true"
        className="flex h-11 w-11 items-center justify-center rounded-2xl bg-white text-sun-700 shadow-sm"
      >
        {icon}
      </span>
      <h2 className="mt-3 font-display text-xl font-medium text-ink">{title}</h2>
      <p className="mt-1 text-base text-gray-700">{children}</p>
    </li>
  );
}

export function AboutUsRoute() {
  const product = env.productName;
  return (
    <ContentPage
      eyebrow="Made by parents, for parents"
      title={`About ${product}`}
      before={<ContinueWhereYouWere />}
      lead={
        <p>
          {product} is a free, community-driven map of playgrounds, indoor play places and kid-friendly spots,
          shared by families for families. Find somewhere great to play today, and leave a tip for the next
          parent.
        </p>
      }
    >
      <ul className="grid gap-4 sm:grid-cols-3">
        <Pillar icon={<MapPin className="h-6 w-6" />} title="Find">
          Spots near you on a map, filtered by age, indoor or outdoor, free, new or popular.
        </Pillar>
        <Pillar icon={<Users className="h-6 w-6" />} title="Share">
          Add the places you love, with photos, tags and a few honest words.
        </Pillar>
        <Pillar icon={<Heart className="h-6 w-6" />} title="Free, always">
          No ads and no subscriptions. {product} belongs to the families who build it.
        </Pillar>
      </ul>

      <Section id="how-it-works" title="How it works">
        <p>
          Open the map to see play spots around you. Tap a marker for the essentials: how far it is, whether
          it is indoors or outdoors, free or paid, which ages it suits and what other parents say about it.
        </p>
        <p>
          Everything on {product} comes from the community. Parents vote places up, confirm or question tags
          like <em>fenced</em>, <em>shade</em> or <em>toilets</em>, and add photos, so you know what to expect
          before you pack the snacks.
        </p>
      </Section>

      <Section id="points" title="Points and levels">
        <p>Every contribution that helps another family earns points:</p>
        <ul className="divide-y divide-gray-100 rounded-3xl border border-gray-200">
          {EARNING.map(({ icon, what, points }) => (
            <li key={what} className="flex items-center gap-3 px-4 py-3">
              <span aria-hidden="true" className="text-sun-700">
                {icon}
              </span>
              <span className="flex-1">{what}</span>
              <span className="font-bold text-park-800">+{points} points</span>
            </li>
          ))}
        </ul>
        <p>
          Points add up to levels. Everyone starts at level 1, and reaching level <em>n</em> + 1 takes 100 ×{' '}
          <em>n</em> × (<em>n</em> + 1) ÷ 2 points in total, so each level needs a little more than the last:
        </p>
        <table className="w-full max-w-sm text-left text-base">
          <caption className="sr-only">Points needed for each level</caption>
          <thead>
            <tr className="border-b border-gray-200">
              <th scope="col" className="py-2 font-bold">
                Level
              </th>
              <th scope="col" className="py-2 font-bold">
                Reached at
              </th>
            </tr>
          </thead>
          <tbody>
            {LEVELS.map(({ level, from }) => (
              <tr key={level} className="border-b border-gray-100">
                <td className="py-2">
                  <Star aria-hidden="true" className="mr-2 inline h-4 w-4 fill-sun-500 text-sun-600" />
                  Level {level}
                </td>
                <td className="py-2">{from === 0 ? 'your first day' : `${from} points`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section id="privacy" title="Your privacy">
        <ul className="space-y-3">
          <li className="flex gap-3">
            <ShieldCheck aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-park-700" />
            <span>
              <strong>Your location</strong> is used only to show places near you. It is not stored and not
              shared. You can say no and set a spot on the map by hand instead.
            </span>
          </li>
          <li className="flex gap-3">
            <ShieldCheck aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-park-700" />
            <span>
              <strong>Photos</strong> are cleaned when you upload them: the GPS position and every other
              hidden detail in the file are removed.
            </span>
          </li>
          <li className="flex gap-3">
            <ShieldCheck aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-park-700" />
            <span>
              <strong>Nothing about your children</strong> is ever asked for or collected. We count which
              screens are used, to make {product} better, and never sell or share anything.
            </span>
          </li>
        </ul>
      </Section>

      <Section id="credits" title="Thank you">
        <p>
          The map is drawn from{' '}
          <a href={OSM_COPYRIGHT_URL} className="font-bold text-park-800 underline underline-offset-2">
            © OpenStreetMap contributors
          </a>
          , another community that makes the world a little easier to explore.
        </p>
        <p>
          Many of the play spots themselves come from OpenStreetMap too: playground data {OSM_ATTRIBUTION},
          available under the{' '}
          <a
            href="https://opendatacommons.org/licenses/odbl/"
            className="font-bold text-park-800 underline underline-offset-2"
          >
            Open Database Licence (ODbL)
          </a>
          . Places from OpenStreetMap or from a city&apos;s open data say so on their page.
        </p>
      </Section>

      <div className="mt-12 flex flex-wrap gap-3">
        <Link to={paths.map} className={buttonClassName('primary', 'text-lg')}>
          Explore the map
        </Link>
        <Link to={paths.terms} className={buttonClassName('secondary', 'text-lg')}>
          Read the terms
        </Link>
      </div>
    </ContentPage>
  );
}
