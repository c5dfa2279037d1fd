/** Admins only: every deal (shown, expired or switched off) with edit and delete, and 'New deal'. */
import type { Deal } from '@playspot/core';
import { Gift, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { useDeals } from '../api/get-deals.ts';
import { useDeleteDeal } from '../api/save-deal.ts';
import { dealState, dealTitle, describeExpiry, type DealState } from '../utils/deal-display.ts';
import { DealFormDialog } from './deal-form-dialog.tsx';
import { serverFileUrl } from '../../../lib/api-client.ts';
import { useTranslation } from 'react-i18next';

const STATE_CLASSES: Record<DealState, string> = {
  shown: 'bg-park-100 text-park-800',
  inactive: 'bg-gray-100 text-gray-800',
  expired: 'bg-red-50 text-red-800',
};

export function DealsEditor() {
  const { t } = useTranslation('deals');
  const deals = useDeals('all');
  const [editing, setEditing] = useState<Deal | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Deal | null>(null);
  const now = new Date();

  return (
    <section
      aria-labelledby="deals-editor-title"
      className="mt-12 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="deals-editor-title" className="font-display text-2xl font-semibold text-ink">
            {t('editor.title')}
          </h2>
          <p className="text-base text-gray-700">{t('editor.adminsOnly')}</p>
        </div>
        <Button
          onClick={() => {
            setEditing('new');
          }}
        >
          <Plus aria-hidden="true" className="h-5 w-5" />
          {t('editor.new')}
        </Button>
      </div>
      <div className="mt-4">
        {deals.isPending ? (
          <p role="status" className="text-base text-gray-700">
            {t('editor.loading')}
          </p>
        ) : deals.isError ? (
          <LoadError onRetry={() => void deals.refetch()}>{t('loadFailed')}</LoadError>
        ) : deals.data.length === 0 ? (
          <p className="text-base text-gray-700">{t('editor.none')}</p>
        ) : (
          <ul aria-label={t('editor.all')} className="divide-y divide-gray-100">
            {deals.data.map((deal) => {
              const state = dealState(deal, now);
              return (
                <li key={deal.id} className="flex flex-wrap items-center gap-3 py-3">
                  {deal.logoUrl ? (
                    <img
                      src={serverFileUrl(deal.logoUrl)}
                      alt=""
                      className="h-12 w-12 rounded-xl object-contain ring-1 ring-black/5"
                    />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="flex h-12 w-12 items-center justify-center rounded-xl bg-sun-100 text-sun-700"
                    >
                      <Gift className="h-6 w-6" />
                    </span>
                  )}
                  <div className="min-w-0 flex-1 basis-48">
                    <p className="truncate text-base font-bold text-ink">{dealTitle(deal)}</p>
                    <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
                      <span className={`rounded-full px-2 py-0.5 font-bold ${STATE_CLASSES[state]}`}>
                        {t(`editor.state.${state}`)}
                      </span>
                      {describeExpiry(deal.expiryDate)}
                    </p>
                  </div>
                  <div className="flex gap-1">
                    <Button
                      aria-label={t('editor.editNamed', { title: dealTitle(deal) })}
                      variant="ghost"
                      className="px-3"
                      onClick={() => {
                        setEditing(deal);
                      }}
                    >
                      <Pencil aria-hidden="true" className="h-4 w-4" />
                      {t('editor.edit')}
                    </Button>
                    <Button
                      aria-label={t('editor.deleteNamed', { title: dealTitle(deal) })}
                      variant="quiet"
                      className="px-3 text-red-800"
                      onClick={() => {
                        setDeleting(deal);
                      }}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                      {t('editor.delete')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {editing !== null && (
        <DealFormDialog
          deal={editing === 'new' ? null : editing}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
      {deleting && (
        <DeleteDealDialog
          deal={deleting}
          onClose={() => {
            setDeleting(null);
          }}
        />
      )}
    </section>
  );
}

function DeleteDealDialog({ deal, onClose }: { readonly deal: Deal; readonly onClose: () => void }) {
  const { t } = useTranslation('deals');
  const remove = useDeleteDeal();
  return (
    <ConfirmDeleteDialog
      title={t('editor.deleteTitle')}
      description={t('editor.deleteDescription', { title: dealTitle(deal) })}
      confirmLabel={t('editor.deleteConfirm')}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        remove.mutate(deal.id, {
          onSuccess: () => {
            notifySuccess(t('editor.deleted'));
            onClose();
          },
          onError: (error) => {
            handleError(error);
          },
        });
      }}
    />
  );
}
