/**
 * The development sign-in (README: offered only by servers without a provider, never in
 * production): choose a user name, no password. The same name is the same person again.
 */
import { validateUserName, type SignedIn } from '@playspot/core';
import { FlaskConical } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { inputClassName } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/handle-error.ts';
import { useDevelopmentSignIn } from '../api/sign-in-with-development.ts';
import { userNameProblem } from '../../../lib/i18n/user-name-problem.ts';

export function DevelopmentSignInForm({ onSignedIn }: { readonly onSignedIn: (signedIn: SignedIn) => void }) {
  const { t } = useTranslation('auth');
  const inputId = useId();
  const [userName, setUserName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const signIn = useDevelopmentSignIn();

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateUserName(userName);
    if (!checked.ok) {
      setProblem(userNameProblem(checked));
      return;
    }
    setProblem(null);
    signIn.mutate(checked.userName, {
      onSuccess: onSignedIn,
      onError: (error) => {
        setProblem(error instanceof ApiError ? apiErrorMessage(error) : t('failed'));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-5 rounded-3xl border-2 border-dashed border-sun-200 p-4">
      <p className="flex items-center gap-2 text-sm font-bold text-sun-800">
        <FlaskConical aria-hidden="true" className="h-4 w-4" />
        {t('dev.title')}
      </p>
      <label htmlFor={inputId} className="mt-3 block text-base font-bold text-ink">
        {t('dev.label')}
      </label>
      <input
        id={inputId}
        name="userName"
        value={userName}
        onChange={(event) => {
          setUserName(event.target.value);
        }}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        aria-invalid={problem !== null}
        aria-describedby={`${inputId}-help`}
        className={`${inputClassName} mt-1.5`}
        placeholder={t('dev.placeholder')}
      />
      <p
        id={`${inputId}-help`}
        className={`mt-1.5 text-sm ${problem ? 'font-bold text-red-700' : 'text-gray-600'}`}
      >
        {problem ?? t('dev.help')}
      </p>
      <Button type="submit" className="mt-3 w-full" disabled={signIn.isPending}>
        {signIn.isPending ? t('dev.signingIn') : t('dev.submit')}
      </Button>
    </form>
  );
}
