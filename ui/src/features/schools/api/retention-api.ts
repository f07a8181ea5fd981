import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DistrictErasure, DueErasure, RetentionRule } from '@accommodate/shared-events/schemas/retention';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { readerTimeZoneQuery } from '../../../lib/reader-time-zone.ts';

export type { DistrictErasure, DueErasure, RetentionRule };

const districtPath = (id: string) => `/api/districts/${encodeURIComponent(id)}`;
// Under the districts key, so a district's poke (and every organisation change) refetches them too; a `retention`
// poke refetches the rule and the due list.
const retentionKey = (districtId: string) => queryKeys.districtRetention(districtId);
const dueKey = (districtId: string) => [...queryKeys.districtRetention(districtId), 'due'] as const;

export const useRetentionRule = (districtId: string) =>
  useQuery({ queryKey: retentionKey(districtId), queryFn: () => apiRequest<RetentionRule>(`${districtPath(districtId)}/retention`) });
export const useDueErasures = (districtId: string) =>
  useQuery({ queryKey: dueKey(districtId), queryFn: () => apiRequest<DueErasure[]>(`${districtPath(districtId)}/retention/due`) });

function useRetentionMutation<V, R>(districtId: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: retentionKey(districtId) }) });
}

export const useSetRetention = (districtId: string) =>
  useRetentionMutation(districtId, (yearsAfterLeaving: number) =>
    apiRequest<RetentionRule>(`${districtPath(districtId)}/retention`, { method: 'PUT', body: { yearsAfterLeaving } }),
  );
export const usePlaceLegalHold = (districtId: string) =>
  useRetentionMutation(districtId, ({ studentId, reason }: { studentId: string; reason: string }) =>
    apiRequest<unknown>(`/api/students/${encodeURIComponent(studentId)}/legal-hold`, { method: 'PUT', body: { reason } }),
  );
export const useLiftLegalHold = (districtId: string) =>
  useRetentionMutation(districtId, (studentId: string) => apiRequest<void>(`/api/students/${encodeURIComponent(studentId)}/legal-hold`, { method: 'DELETE' }));

/** Asks for the district's erasure: checked, then run as a job on the server (202 {id}), which the card follows. */
export const useEraseDistrict = (districtId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmName: string) => apiRequest<{ id: string }>(`${districtPath(districtId)}/erase`, { method: 'POST', body: { confirmName } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.districtErasure(districtId) }),
  });
};

export const erasureUnfinished = (found: DistrictErasure | null | undefined) => found?.status === 'queued' || found?.status === 'running';

/**
 * The district's erasure, null when none was asked for (so a page opened again finds a run under way): each
 * `districtErasure` poke refetches it, and while it runs it is also asked every few seconds, since a poke may be lost.
 */
export const useDistrictErasure = (districtId: string) =>
  useQuery({
    queryKey: queryKeys.districtErasure(districtId),
    queryFn: () => apiRequest<DistrictErasure | null>(`/api/district-erasures/${encodeURIComponent(districtId)}`),
    refetchInterval: (query) => (erasureUnfinished(query.state.data) ? 3_000 : false),
  });

/**
 * The district's archive, downloaded by the browser itself: a single-use link, opened as a download, so the browser
 * writes the server's stream to disk as it comes, however many records the district has.
 */
export async function downloadDistrictArchive(districtId: string): Promise<void> {
  const { url } = await apiRequest<{ url: string }>(`${districtPath(districtId)}/export-link`, { method: 'POST' });
  const link = document.createElement('a');
  link.href = `${url}?${readerTimeZoneQuery()}`;
  link.download = '';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
