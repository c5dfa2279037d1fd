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
import { useTranslation } from 'react-i18next';
import { RichText } from '../../lib/i18n/rich-text.tsx';

const EARNING: readonly {
  icon: ReactNode;
  what: 'addLocation' | 'locationImage' | 'locationDescription' | 'comment' | 'commentImage';
  points: number;
}[] = [
  { icon: <MapPin className="h-5 w-5" />, what: 'addLocation', points: POINTS_PER_ACTION.addLocation },
  {
    icon: <Camera className="h-5 w-5" />,
    what: 'locationImage',
    points: POINTS_PER_ACTION.locationImage,
  },
  {
    icon: <PenLine className="h-5 w-5" />,
    what: 'locationDescription',
    points: POINTS_PER_ACTION.locationDescription,
  },
  { icon: <MessageCircle className="h-5 w-5" />, what: 'comment', points: POINTS_PER_ACTION.comment },
  {
    icon: <Camera className="h-5 w-5" />,
    what: 'commentImage',
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
  const { t } = useTranslation('app');
  const product = env.productName;
  return (
    <ContentPage
      eyebrow={t('about.eyebrow')}
      title={t('about.title', { product })}
      before={<ContinueWhereYouWere />}
      lead={<p>{t('about.lead', { product })}</p>}
    >
      <ul className="grid gap-4 sm:grid-cols-3">
        <Pillar icon={<MapPin className="h-6 w-6" />} title={t('about.find')}>
          {t('about.findText')}
        </Pillar>
        <Pillar icon={<Users className="h-6 w-6" />} title={t('about.share')}>
          {t('about.shareText')}
        </Pillar>
        <Pillar icon={<Heart className="h-6 w-6" />} title={t('about.free')}>
          {t('about.freeText', { product })}
        </Pillar>
      </ul>

      <Section id="how-it-works" title={t('about.how')}>
        <p>{t('about.howText1')}</p>
        <p>
          <RichText text={t('about.howText2', { product })} components={{ em: <em /> }} />
        </p>
      </Section>

      <PointsSection />

      <PrivacySection product={product} />

      <CreditsSection />

      <div className="mt-12 flex flex-wrap gap-3">
        <Link to={paths.map} className={buttonClassName('primary', 'text-lg')}>
          {t('about.explore')}
        </Link>
        <Link to={paths.terms} className={buttonClassName('secondary', 'text-lg')}>
          {t('about.readTerms')}
        </Link>
      </div>
    </ContentPage>
  );
}

/** How points are earned, and the level each total reaches. */
function PointsSection() {
  const { t } = useTranslation('app');
  return (
    <Section id="points" title={t('about.points')}>
      <p>{t('about.pointsIntro')}</p>
      <ul className="divide-y divide-gray-100 rounded-3xl border border-gray-200">
        {EARNING.map(({ icon, what, points }) => (
          <li key={what} className="flex items-center gap-3 px-4 py-3">
            <span aria-hidden="true" className="text-sun-700">
              {icon}
            </span>
            <span className="flex-1">{t(`about.earn.${what}`)}</span>
            <span className="font-bold text-park-800">{t('about.plusPoints', { count: points })}</span>
          </li>
        ))}
      </ul>
      <p>
        <RichText text={t('about.levels')} components={{ em: <em /> }} />
      </p>
      <table className="w-full max-w-sm text-start text-base">
        <caption className="sr-only">{t('about.tableCaption')}</caption>
        <thead>
          <tr className="border-b border-gray-200">
            <th scope="col" className="py-2 font-bold">
              {t('about.level')}
            </th>
            <th scope="col" className="py-2 font-bold">
              {t('about.reachedAt')}
            </th>
          </tr>
        </thead>
        <tbody>
          {LEVELS.map(({ level, from }) => (
            <tr key={level} className="border-b border-gray-100">
              <td className="py-2">
                <Star aria-hidden="true" className="me-2 inline h-4 w-4 fill-sun-500 text-sun-600" />
                {t('about.levelN', { level })}
              </td>
              <td className="py-2">
                {from === 0 ? t('about.firstDay') : t('about.pointsN', { count: from })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

/** What we keep and never keep about people and children. */
function PrivacySection({ product }: { readonly product: string }) {
  const { t } = useTranslation('app');
  return (
    <Section id="privacy" title={t('about.privacy')}>
      <ul className="space-y-3">
        <li className="flex gap-3">
          <ShieldCheck aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-park-700" />
          <span>
            <RichText text={t('about.privacyLocation')} components={{ strong: <strong /> }} />
          </span>
        </li>
        <li className="flex gap-3">
          <ShieldCheck aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-park-700" />
          <span>
            <RichText text={t('about.privacyPhotos')} components={{ strong: <strong /> }} />
          </span>
        </li>
        <li className="flex gap-3">
          <ShieldCheck aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-park-700" />
          <span>
            <RichText text={t('about.privacyChildren', { product })} components={{ strong: <strong /> }} />
          </span>
        </li>
      </ul>
    </Section>
  );
}

/** The map's and the data's sources and licences. */
function CreditsSection() {
  const { t } = useTranslation('app');
  return (
    <Section id="credits" title={t('about.thanks')}>
      <p>
        <RichText
          text={t('about.mapFrom')}
          components={{
            osm: (
              <a href={OSM_COPYRIGHT_URL} className="font-bold text-park-800 underline underline-offset-2" />
            ),
          }}
        />
      </p>
      <p>
        <RichText
          text={t('about.osmData', { attribution: OSM_ATTRIBUTION })}
          components={{
            odbl: (
              <a
                href="https://opendatacommons.org/licenses/odbl/"
                className="font-bold text-park-800 underline underline-offset-2"
              />
            ),
          }}
        />
      </p>
      <p>
        <RichText
          text={t('about.townsData')}
          components={{
            geonames: (
              <a
                href="https://www.geonames.org/"
                className="font-bold text-park-800 underline underline-offset-2"
              />
            ),
            ccby: (
              <a
                href="https://creativecommons.org/licenses/by/4.0/"
                className="font-bold text-park-800 underline underline-offset-2"
              />
            ),
          }}
        />
      </p>
    </Section>
  );
}
