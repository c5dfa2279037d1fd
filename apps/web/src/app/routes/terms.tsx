/**
 * /terms (spec §2): the terms of service. The terms dialog is not shown on this page, so it
 * can be read before accepting. Version 1 matches the hasAcceptedToS_v1 flag; new terms get
 * a new flag, and everyone is asked again.
 */
import { Link } from 'react-router';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { ContentPage, Section } from '../components/content-page.tsx';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../lib/i18n/rich-text.tsx';

export function TermsRoute() {
  const { t } = useTranslation('terms', { keyPrefix: 'page' });
  const product = env.productName;
  return (
    <ContentPage eyebrow={t('eyebrow')} title={t('title')} lead={<p>{t('lead', { product })}</p>}>
      <Section id="what" title={t('whatTitle')}>
        <p>{t('what', { product })}</p>
      </Section>
      <Section id="free" title={t('freeTitle')}>
        <p>{t('free', { product })}</p>
      </Section>
      <Section id="account" title={t('accountTitle')}>
        <p>{t('account')}</p>
      </Section>
      <Section id="content" title={t('contentTitle')}>
        <p>{t('content', { product })}</p>
        <p>{t('contentRules')}</p>
      </Section>
      <Section id="safety" title={t('safetyTitle')}>
        <p>{t('safety', { product })}</p>
      </Section>
      <Section id="privacy" title={t('privacyTitle')}>
        <p>
          <RichText
            text={t('privacy', { product })}
            components={{
              about: (
                <Link to={paths.aboutUs} className="font-bold text-park-800 underline underline-offset-2" />
              ),
            }}
          />
        </p>
      </Section>
      <Section id="removal" title={t('removalTitle')}>
        <p>{t('removal')}</p>
      </Section>
      <Section id="changes" title={t('changesTitle')}>
        <p>{t('changes')}</p>
      </Section>
      <Section id="map-data" title={t('map-dataTitle')}>
        <p>
          <RichText
            text={t('mapData')}
            components={{
              osm: (
                <a
                  href="https://www.openstreetmap.org/copyright"
                  className="font-bold text-park-800 underline underline-offset-2"
                />
              ),
            }}
          />
        </p>
      </Section>
    </ContentPage>
  );
}
