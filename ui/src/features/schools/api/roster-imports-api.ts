import { useMutation, useQuery } from '@tanstack/react-query';
import type { RosterImport } from '@accommodate/shared-events/schemas/roster';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type { RosterImport };

/** Uploads the OneRoster zip; the import runs as a job on the server, whether or not this page stays open. */
export const useStartRosterImport = () =>
  useMutation({
    mutationFn: ({ districtId, file, dryRun, schoolChoices }: { districtId: string; file: File; dryRun: boolean; schoolChoices?: Record<string, string> }) => {
      const body = new FormData();
      body.append('file', file);
      // Which school each org is, where a dry run asked (the import will not guess).
      if (schoolChoices && Object.keys(schoolChoices).length > 0) body.append('schoolChoices', JSON.stringify(schoolChoices));
      return apiRequest<{ id: string }>(`/api/districts/${encodeURIComponent(districtId)}/roster-imports${dryRun ? '?dryRun=true' : ''}`, { method: 'POST', body });
    },
  });

const unfinished = (found: RosterImport | undefined) => found !== undefined && (found.status === 'queued' || found.status === 'running');

/**
 * An import's status, progress and report: each `rosterImport` poke refetches it. While it runs it is also asked every
 * few seconds, since a poke may be lost (delivery is at most once).
 */
export const useRosterImport = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.rosterImport(id ?? ''),
    queryFn: () => apiRequest<RosterImport>(`/api/roster-imports/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null,
    refetchInterval: (query) => (unfinished(query.state.data) ? 3_000 : false),
  });
