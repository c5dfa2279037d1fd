/**
 * Choose or change the user name, with a live check while typing: the rules at once, and
 * whether the name is free once typing pauses. Saving is allowed only for a free name.
 */
import { CheckCircle2, CircleAlert } from 'lucide-react';
import { useId, useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { inputClassName } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/handle-error.ts';
import { useChangeUserName } from '../api/user-name.ts';
import { useUserNameAvailability, type AvailabilityState } from '../hooks/use-user-name-availability.ts';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/handle-error.ts';

function AvailabilityMessage({ state, id }: { readonly state: AvailabilityState; readonly id: string }) {
  const { t } = useTranslation('profile');
  let content = null;
  switch (state.kind) {
    case 'idle':
      break;
    case 'checking':
      content = (
        <span className="inline-flex items-center gap-2 text-gray-700">
          <Spinner label="" className="h-4 w-4" /> {t('userName.checking')}
        </span>
      );
      break;
    case 'invalid':
      content = (
        <span className="inline-flex items-start gap-1.5 font-semibold text-red-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {state.message}
        </span>
      );
      break;
    case 'failed':
      content = <span className="text-gray-700">{t('userName.checkFailed')}</span>;
      break;
    case 'answered':
      content = state.answer.available ? (
        <span className="inline-flex items-center gap-1.5 font-semibold text-park-800">
          <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
          {state.answer.message}
        </span>
      ) : (
        <span className="inline-flex items-start gap-1.5 font-semibold text-red-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {state.answer.message}
        </span>
      );
      break;
  }
  return (
    <p id={id} aria-live="polite" className="mt-2 min-h-6 text-sm">
      {content}
    </p>
  );
}

export function UserNameForm({ current }: { readonly current: string | null }) {
  const { t } = useTranslation('profile');
  const [text, setText] = useState(current ?? '');
  const [serverError, setServerError] = useState<string | null>(null);
  const availability = useUserNameAvailability(text, current);
  const change = useChangeUserName();
  const inputId = useId();
  const messageId = useId();
  const unchanged = text.trim() === (current ?? '') || text.trim() === '';
  const blocked =
    availability.kind === 'invalid' ||
    availability.kind === 'checking' ||
    (availability.kind === 'answered' && !availability.answer.available);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (unchanged || blocked) return;
    setServerError(null);
    change.mutate(text.trim(), {
      onSuccess: (user) => {
        notifySuccess(
          user.userName === null ? t('userName.savedNoName') : t('userName.saved', { name: user.userName }),
        );
      },
      onError: (error) => {
        setServerError(error instanceof ApiError ? apiErrorMessage(error) : t('userName.saveFailed'));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="block text-base font-bold text-ink">
        {current ? t('userName.yours') : t('userName.choose')}
      </label>
      <p className="mt-1 text-sm text-gray-700">{t('userName.hint')}</p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={text}
          aria-invalid={availability.kind === 'invalid' || serverError !== null}
          aria-describedby={messageId}
          onChange={(event) => {
            setText(event.target.value);
            setServerError(null);
          }}
          className={inputClassName}
        />
        <Button
          type="submit"
          variant={unchanged ? 'secondary' : 'primary'}
          disabled={unchanged || blocked || change.isPending}
          className="shrink-0"
        >
          {change.isPending ? t('userName.saving') : current ? t('userName.change') : t('userName.save')}
        </Button>
      </div>
      {serverError ? (
        <p id={messageId} role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {serverError}
        </p>
      ) : (
        <AvailabilityMessage state={availability} id={messageId} />
      )}
    </form>
  );
}
