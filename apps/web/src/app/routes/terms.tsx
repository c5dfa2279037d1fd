/**
 * /terms (spec §2): the terms of service. The terms dialog is not shown on this page, so it
 * can be read before accepting. Version 1 matches the hasAcceptedToS_v1 flag; new terms get
 * a new flag, and everyone is asked again.
 */
import { Link } from 'react-router';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { ContentPage, Section } from '../components/content-page.tsx';

export function TermsRoute() {
  const product = env.productName;
  return (
    <ContentPage
      eyebrow="Version 1"
      title="Terms of service"
      lead={
        <p>
          The short version: {product} is free, be kind, share only what is yours to share, and keep an eye on
          your little ones. The details are below, in plain words.
        </p>
      }
    >
      <Section id="what" title="1. What this is">
        <p>
          {product} is a free, community-driven service for finding and sharing children’s play spots:
          playgrounds, indoor play places, kid-friendly events and deals. By using it you agree to these
          terms. If you do not agree, please do not use {product}.
        </p>
      </Section>
      <Section id="free" title="2. Free to use">
        <p>
          {product} costs nothing and shows no ads. Points and levels are a friendly thank-you for
          contributing; they have no cash value and cannot be exchanged.
        </p>
      </Section>
      <Section id="account" title="3. Your account">
        <p>
          You can look at the map without an account. To vote, comment or add places you sign in with Google
          or Apple; we never see your password. Choose a user name that is kind and does not pretend to be
          someone else. You are responsible for what is done with your account.
        </p>
      </Section>
      <Section id="content" title="4. What you share">
        <p>
          Places, descriptions, tags, comments and photos you add stay yours. You allow {product} to show them
          to everyone using the service, for as long as they are on it. Share only photos you took or may use,
          and do not post photos in which other people’s children can be recognised.
        </p>
        <p>
          No hateful, harassing, misleading or commercial spam, and nothing that puts children at risk. We may
          remove content or accounts that break these rules.
        </p>
      </Section>
      <Section id="safety" title="5. Play safe">
        <p>
          Information on {product} comes from other parents and may be out of date or wrong. Check opening
          hours, prices and equipment yourself, and always supervise your children. {product} is not
          responsible for the condition of any place or for what happens there.
        </p>
      </Section>
      <Section id="privacy" title="6. Privacy">
        <p>
          Your device location is used only to show places near you; it is not stored or shared (only your own
          device remembers where you last were, so the map opens there). When you log a visit, your position
          is sent once to check you are at the place, and is not kept. Photos are stripped of their GPS
          position and all other hidden details when uploaded. We record which screens are used, without
          anything about your children, to improve {product}. We never sell your data. More in{' '}
          <Link to={paths.aboutUs} className="font-bold text-park-800 underline underline-offset-2">
            About us
          </Link>
          .
        </p>
      </Section>
      <Section id="removal" title="7. Removing places and your account">
        <p>
          You can ask for a place to be removed, for example if it closed or is private, and you can ask for
          your account to be deleted at any time. Each request is reviewed by a person.
        </p>
      </Section>
      <Section id="changes" title="8. Changes">
        <p>
          If these terms change in a way that matters, we will show you the new version and ask you to accept
          it again before you carry on.
        </p>
      </Section>
      <Section id="map-data" title="9. Map data">
        <p>
          Map data is ©{' '}
          <a
            href="https://www.openstreetmap.org/copyright"
            className="font-bold text-park-800 underline underline-offset-2"
          >
            OpenStreetMap contributors
          </a>
          , available under the Open Database Licence.
        </p>
      </Section>
    </ContentPage>
  );
}
