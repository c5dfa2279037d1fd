/** On a maintainer's profile (issue 48): the way to their areas' open defects. */
import { Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { useMyAreas } from '../api/maintenance.ts';

export function MaintainerLink({ href }: { readonly href: string }) {
  const { t } = useTranslation('conditions');
  const areas = useMyAreas(true);
  if (!areas.data || areas.data.areas.length === 0) return null;
  const open = areas.data.areas.reduce((sum, area) => sum + area.openDefects, 0);
  return (
    <Link to={href} className={buttonClassName('secondary', 'self-start')}>
      <Wrench aria-hidden="true" className="h-5 w-5" />
      {t('maintenance.openPage', { open })}
    </Link>
  );
}
