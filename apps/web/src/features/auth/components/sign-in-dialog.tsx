/**
 * The authentication dialog (spec §2, §7): 'Continue with Google' and 'Continue with
 * Apple' as the server offers them, and the development sign-in when it is on. On the web
 * a provider window signs in; in the native app the device's own sheet does (the providers
 * the server accepts ID tokens for and this device can use).
 */
import type { SignInProvider } from '@playspot/core';
import { LoaderCircle, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { AppDialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { env } from '../../../config/env.ts';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { deviceSignInProviders, SignInCancelled, signsInOnDevice } from '../../../platform/device-sign-in.ts';
import { useDeviceSignIn } from '../api/sign-in-on-device.ts';
import { useAuthOptions } from '../api/get-auth-options.ts';
import { useSignInDialog } from '../hooks/use-sign-in-dialog.tsx';
import { useWebSignIn } from '../hooks/use-web-sign-in.ts';
import { DevelopmentSignInForm } from './development-sign-in-form.tsx';
import { AppleIcon, GoogleIcon } from './provider-icons.tsx';

const PROVIDERS: Record<SignInProvider, { label: 'google' | 'apple'; icon: ReactNode; className: string }> = {
  google: {
    label: 'google',
    icon: <GoogleIcon />,
    className: 'bg-white text-ink ring-1 ring-inset ring-gray-400 hover:bg-gray-50',
  },
  apple: {
    label: 'apple',
    icon: <AppleIcon />,
    className: 'bg-black text-white hover:bg-gray-800',
  },
};

export function SignInDialog() {
  const { t } = useTranslation('auth');
  const { open, closeSignIn } = useSignInDialog();
  const options = useAuthOptions(open);
  const web = useWebSignIn(closeSignIn);
  const device = useDeviceSignIn();
  const onDevice = deviceSignInProviders();
  const inApp = signsInOnDevice();
  const providers =
    options.data?.providers.filter((option) =>
      inApp ? option.native && onDevice.includes(option.provider) : option.web,
    ) ?? [];
  const start = (provider: SignInProvider) => {
    if (!inApp) {
      web.start(provider);
      return;
    }
    device.mutate(provider, {
      onSuccess: (signedIn) => {
        notifySuccess(signedIn.isNewUser ? t('welcomeNew', { product: env.productName }) : t('welcomeBack'));
        closeSignIn();
      },
      onError: (error) => {
        if (error instanceof SignInCancelled) return;
        handleError(error, t('failed'));
      },
    });
  };
  const pendingProvider = inApp ? (device.isPending ? device.variables : null) : web.pending;

  let body: ReactNode;
  if (options.isPending) {
    body = (
      <div className="mt-6 flex justify-center text-sun-700">
        <Spinner label={t('loadingWays')} className="h-7 w-7" />
      </div>
    );
  } else if (options.isError) {
    body = (
      <div role="alert" className="mt-5 text-base text-gray-700">
        <p>{t('unreachable', { product: env.productName })}</p>
        <Button variant="secondary" className="mt-3 w-full" onClick={() => void options.refetch()}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <div className="mt-6 flex flex-col gap-3">
          {providers.map(({ provider }) => {
            const look = PROVIDERS[provider];
            const waiting = pendingProvider === provider;
            return (
              <button
                key={provider}
                type="button"
                disabled={pendingProvider !== null}
                onClick={() => {
                  start(provider);
                }}
                className={`inline-flex min-h-12 w-full items-center justify-center gap-3 rounded-full px-5 text-base font-bold transition-colors duration-150 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 ${look.className}`}
              >
                {waiting ? <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin" /> : look.icon}
                {waiting ? (inApp ? t('signingIn') : t('waitingForWindow')) : t(`continueWith.${look.label}`)}
              </button>
            );
          })}
        </div>
        {/* Development sessions are cookies, which the app does not send. */}
        {options.data.development && !inApp && (
          <DevelopmentSignInForm
            onSignedIn={(signedIn) => {
              notifySuccess(
                signedIn.isNewUser
                  ? t('welcomeNewNamed', {
                      product: env.productName,
                      name: signedIn.user.userName ?? t('friend'),
                    })
                  : t('welcomeBackNamed', { name: signedIn.user.userName ?? t('friend') }),
              );
              closeSignIn();
            }}
          />
        )}
        {providers.length === 0 && (inApp || !options.data.development) && (
          <p className="mt-5 text-base text-gray-700">{t('notSetUp')}</p>
        )}
      </>
    );
  }

  return (
    <AppDialog
      open={open}
      onDismiss={() => {
        web.cancel();
        closeSignIn();
      }}
      testId="sign-in-dialog"
      illustration={
        <span
          aria-hidden="true"
          className="mb-5 flex h-14 w-14 items-center justify-center rounded-2xl bg-sun-100 text-sun-700"
        >
          <UserRound className="h-7 w-7" />
        </span>
      }
      title={t('title', { product: env.productName })}
      description={t('description')}
    >
      {body}
    </AppDialog>
  );
}
