/** The top of a profile: an initial in a circle, the name and since when they share places. */
import { useTranslation } from 'react-i18next';

export function ProfileHeader({ name, since }: { readonly name: string; readonly since: string }) {
  const { t, i18n } = useTranslation('profile');
  return (
    // At most as wide as its row: a long user name wraps, not a page scrolling sideways.
    <div className="flex max-w-full min-w-0 items-center gap-4">
      <span
        aria-hidden="true"
        className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-park-800 font-display text-3xl font-semibold text-white"
      >
        {name.slice(0, 1).toUpperCase()}
      </span>
      <div className="min-w-0">
        <h1 className="font-display text-3xl leading-tight font-semibold break-words text-ink sm:text-4xl">
          {name}
        </h1>
        <p className="text-base text-gray-700">
          {t('since', {
            date: new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric' }).format(
              new Date(since),
            ),
          })}
        </p>
      </div>
    </div>
  );
}
