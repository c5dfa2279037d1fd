/**
 * Admin writes: POST /api/deals, PATCH and DELETE /api/deals/:id, and the pictures through
 * PUT /api/deals/:id/image|logo (multipart, field "photo"). Both deal lists refresh afterwards.
 */
import {
  dealPhotoResultSchema,
  dealResultSchema,
  type CreateDealInput,
  type Deal,
  type UpdateDealInput,
} from '@playspot/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { DEALS_KEY } from './get-deals.ts';

export type DealPictureKind = 'image' | 'logo';

export async function createDeal(body: CreateDealInput): Promise<Deal> {
  return (await apiRequest('/api/deals', { method: 'POST', body, schema: dealResultSchema })).deal;
}

export async function updateDeal(dealId: string, body: UpdateDealInput): Promise<Deal> {
  return (
    await apiRequest(`/api/deals/${encodeURIComponent(dealId)}`, {
      method: 'PATCH',
      body,
      schema: dealResultSchema,
    })
  ).deal;
}

export async function deleteDeal(dealId: string): Promise<void> {
  await apiRequest(`/api/deals/${encodeURIComponent(dealId)}`, { method: 'DELETE' });
}

/** A deal's picture or logo, multipart (field "photo"); answers the stored picture's URL. */
export async function uploadDealPicture(dealId: string, kind: DealPictureKind, file: File): Promise<string> {
  const form = new FormData();
  form.append('photo', file);
  const result = await apiRequest(`/api/deals/${encodeURIComponent(dealId)}/${kind}`, {
    method: 'PUT',
    body: form,
    schema: dealPhotoResultSchema,
  });
  return result.url;
}

export interface SaveDealInput {
  readonly dealId: string | null;
  readonly body: CreateDealInput;
  readonly image: File | null;
  readonly logo: File | null;
  /** Called once the deal itself is saved, before the pictures go up (a retry then edits it). */
  readonly onSaved?: (deal: Deal) => void;
}

/** Creates or updates the deal, then uploads the chosen pictures. */
export async function saveDeal({ dealId, body, image, logo, onSaved }: SaveDealInput): Promise<Deal> {
  const deal = dealId === null ? await createDeal(body) : await updateDeal(dealId, body);
  onSaved?.(deal);
  if (image) await uploadDealPicture(deal.id, 'image', image);
  if (logo) await uploadDealPicture(deal.id, 'logo', logo);
  return deal;
}

function useRefreshDeals() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: DEALS_KEY });
}

export function useSaveDeal() {
  const refresh = useRefreshDeals();
  // Refresh even after a failed picture upload: the deal itself may have been saved.
  return useMutation({ mutationFn: saveDeal, onSettled: refresh });
}

export function useDeleteDeal() {
  const refresh = useRefreshDeals();
  return useMutation({ mutationFn: deleteDeal, onSuccess: refresh });
}
