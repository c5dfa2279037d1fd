/**
 * Broken equipment and the people who fix it (issue 48): the areas the signed-in person
 * maintains, an area's open defects, their "fixed" / "not a defect" answer and CSV, and the
 * fixes of what the person reported.
 */
import type { AreaDefects, Defect, DefectAnswerRequest, Deliveries, MyAreas, MyFixes } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, apiUrl, checkedBy } from '../../../lib/api-client.ts';

export function myAreasQueryOptions() {
  return queryOptions({
    queryKey: ['maintenance', 'areas'],
    queryFn: ({ signal }): Promise<MyAreas> =>
      apiRequest('/api/maintenance/areas', { lazySchema: checkedBy('myAreasSchema'), signal }),
  });
}

export function useMyAreas(enabled: boolean) {
  return useQuery({ ...myAreasQueryOptions(), enabled });
}

export function areaDefectsQueryOptions(areaId: string) {
  return queryOptions({
    queryKey: ['maintenance', 'areas', areaId, 'defects'],
    queryFn: ({ signal }): Promise<AreaDefects> =>
      apiRequest(`/api/maintenance/areas/${encodeURIComponent(areaId)}/defects`, {
        lazySchema: checkedBy('areaDefectsSchema'),
        signal,
      }),
  });
}

export function useAreaDefects(areaId: string) {
  return useQuery(areaDefectsQueryOptions(areaId));
}

export function answerDefect(defectId: string, answer: DefectAnswerRequest['answer']): Promise<Defect> {
  return apiRequest(`/api/maintenance/defects/${encodeURIComponent(defectId)}/answer`, {
    method: 'POST',
    body: { answer },
    lazySchema: checkedBy('defectSchema'),
  });
}

/** The area's open defects as a CSV for a spreadsheet. */
export function defectsCsvUrl(areaId: string): string {
  return apiUrl(`/api/maintenance/areas/${encodeURIComponent(areaId)}/defects.csv`);
}

export function useMyFixes(enabled: boolean) {
  return useQuery({
    queryKey: ['maintenance', 'my-fixes'],
    queryFn: ({ signal }): Promise<MyFixes> =>
      apiRequest('/api/me/fixes', { lazySchema: checkedBy('myFixesSchema'), signal }),
    enabled,
  });
}

/** Admins: deliveries that failed after every retry. */
export function useFailedDeliveries() {
  return useQuery({
    queryKey: ['maintenance', 'deliveries', 'failed'],
    queryFn: ({ signal }): Promise<Deliveries> =>
      apiRequest('/api/admin/deliveries', {
        query: { state: 'failed' },
        lazySchema: checkedBy('deliveriesSchema'),
        signal,
      }),
  });
}
