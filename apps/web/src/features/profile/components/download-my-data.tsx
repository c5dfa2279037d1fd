/**
 * 'Download my data' (GDPR access and portability, issue 30): everything PlaySpot holds about
 * the person, saved as one JSON file (the server limits it to 5 an hour).
 */
import { myDataFileName } from '@playspot/core';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage, notifySuccess } from '../../../lib/handle-error.ts';
import { saveTextFile } from '../../../platform/save-file.ts';
import { getMyData } from '../api/download-my-data.ts';

export function DownloadMyDataSection() {
  const { t } = useTranslation('profile');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const data = await getMyData();
      saveTextFile(myDataFileName(new Date(data.exportedAt)), `${JSON.stringify(data, null, 2)}\n`);
      notifySuccess(t('myData.saved'));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="my-data-title"
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5"
    >
      <h2 id="my-data-title" className="font-display text-xl font-semibold text-ink">
        {t('myData.heading')}
      </h2>
      <p className="mt-1 text-base text-gray-700">{t('myData.text')}</p>
      <Button
        variant="secondary"
        className="mt-3"
        disabled={busy}
        onClick={() => {
          void download();
        }}
      >
        <Download aria-hidden="true" className="h-5 w-5" />
        {busy ? t('myData.preparing') : t('myData.button')}
      </Button>
      {error !== null && (
        <p role="alert" className="mt-2 text-base font-semibold text-red-800">
          {error}
        </p>
      )}
    </section>
  );
}
