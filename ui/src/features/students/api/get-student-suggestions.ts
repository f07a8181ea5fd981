import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Suggestion } from '@accommodate/shared-events/schemas/suggestion';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type { Suggestion };

/** Accommodations that often go with this student's in my caseload, each with its reason. */
export const getStudentSuggestions = (id: string): Promise<Suggestion[]> =>
  apiRequest<Suggestion[]>(`/api/students/${encodeURIComponent(id)}/suggestions`);

export const getStudentSuggestionsQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.studentSuggestions(id), queryFn: () => getStudentSuggestions(id), enabled: id !== '' });

export const useStudentSuggestions = (id: string) => useQuery(getStudentSuggestionsQueryOptions(id));
