import { ThumbsUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { localNumber } from '../../../lib/i18n/format.ts';

/** The vote score (spec §3: the up count). */
export function VoteCount({ up }: { readonly up: number }) {
  const { t, i18n } = useTranslation('map');
  return (
    <span className="inline-flex items-center gap-1 text-sm font-bold text-gray-700">
      <ThumbsUp aria-hidden="true" className="h-4 w-4 text-sun-700" />
      {localNumber(up, i18n.language)}
      <span className="sr-only">{t('upVotes', { count: up })}</span>
    </span>
  );
}
