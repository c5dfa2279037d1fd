/**
 * The terms dialog (spec §2): shown on every page but the Terms page until accepted. It
 * cannot be dismissed without one of its buttons, because the app is used under the terms.
 *
 * First button, by where the app runs:
 * - phone browser: 'Get the App', the App Store or Google Play listing for this phone;
 * - native app: 'Explore {product}s', runs `onExploreInNativeApp` (default: accept, close);
 * - desktop: 'Explore {product}s', accepts and goes to the map.
 * Second button 'Learn more' accepts and goes to /AboutUs.
 */
import { Compass, Download, Heart, Sparkles, Trees } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClassName, Button } from '../../../components/ui/button.tsx';
import { AppDialog } from '../../../components/ui/dialog.tsx';
import { env } from '../../../config/env.ts';
import { paths } from '../../../config/paths.ts';
import { trackAppStoreClick } from '../../../lib/analytics/analytics.ts';
import { storeListingUrl } from '../../../platform/app-store.ts';
import { type AppContext } from '../../../platform/device.ts';
import { useTermsAcceptance } from '../hooks/use-terms-acceptance.tsx';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../../lib/i18n/rich-text.tsx';
import { useAppContext } from '../../../lib/use-app-context.ts';

interface TermsDialogProps {
  /** Where the app runs; read from the device when not given. */
  readonly appContext?: AppContext;
  /** Native app only: what 'Explore {product}s' does besides accepting (e.g. a native screen). */
  readonly onExploreInNativeApp?: () => void;
}

export function TermsDialog({ appContext: given, onExploreInNativeApp }: TermsDialogProps) {
  const detected = useAppContext();
  const appContext = given ?? detected;
  const { t } = useTranslation('terms');
  const { accepted, accept } = useTermsAcceptance();
  const navigate = useNavigate();
  const here = useLocation();
  const product = env.productName;
  const [nudged, setNudged] = useState(0);

  const learnMore = () => {
    accept();
    // The About page offers 'Continue to …' back here: a shared place is one tap away again.
    void navigate(paths.aboutUs, { state: { returnTo: `${here.pathname}${here.search}` } });
  };

  return (
    <AppDialog
      open={!accepted}
      openInPlace
      dismissible={false}
      // The dialog stays until one of its buttons is chosen (spec §4); Escape or a tap
      // outside says so instead of doing nothing.
      onBlockedDismiss={() => {
        setNudged((count) => count + 1);
      }}
      testId="terms-dialog"
      illustration={<TermsIllustration />}
      title={t('dialog.title')}
      description={<>{t('dialog.description', { product })}</>}
    >
      <p className="mt-3 text-base leading-relaxed text-gray-700">
        <RichText
          text={t('dialog.free')}
          components={{
            strong: <strong className="text-park-800" />,
            terms: <Link to={paths.terms} className="font-bold text-park-800 underline underline-offset-2" />,
          }}
        />
      </p>
      <div className="mt-6 flex flex-col gap-3">
        {appContext.kind === 'phone-browser' ? (
          <a
            href={storeListingUrl(appContext.store)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClassName('primary', 'w-full text-lg')}
            onClick={() => {
              trackAppStoreClick({ source: 'terms_modal', platform: appContext.store });
            }}
          >
            <Download aria-hidden="true" className="h-5 w-5" />
            {t('dialog.getApp')}
          </a>
        ) : (
          <Button
            className="w-full text-lg"
            onClick={() => {
              accept();
              if (appContext.kind === 'native') onExploreInNativeApp?.();
              else void navigate(paths.map);
            }}
          >
            <Compass aria-hidden="true" className="h-5 w-5" />
            {t('dialog.explore', { product })}
          </Button>
        )}
        <Button variant="secondary" className="w-full text-lg" onClick={learnMore}>
          {t('dialog.learnMore')}
        </Button>
      </div>
      <p role="status" className={`text-center text-base font-bold text-sun-800 ${nudged > 0 ? 'mt-3' : ''}`}>
        {nudged > 0 && (
          <span key={nudged} className="motion-safe:animate-fade-in">
            {t('dialog.nudge')}
          </span>
        )}
      </p>
    </AppDialog>
  );
}

function TermsIllustration() {
  return (
    <div aria-hidden="true" className="mb-5 flex items-center gap-3">
      <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-sun-100 text-sun-700">
        <Sparkles className="h-7 w-7" />
      </span>
      <span className="flex h-11 w-11 -rotate-6 items-center justify-center rounded-xl bg-park-100 text-park-800">
        <Trees className="h-6 w-6" />
      </span>
      <span className="flex h-11 w-11 rotate-6 items-center justify-center rounded-xl bg-sky-100 text-sky-800">
        <Heart className="h-6 w-6" />
      </span>
    </div>
  );
}
