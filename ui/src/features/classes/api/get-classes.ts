import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RosterStudent, SchoolClass } from '@accommodate/shared-events/schemas/class';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type { RosterStudent, SchoolClass };

const classPath = (id: string) => `/api/classes/${encodeURIComponent(id)}`;

/** The classes I own or teach, active first, in period order. */
export const getClassesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.classes(), queryFn: () => apiRequest<SchoolClass[]>('/api/classes') });
export const useClasses = () => useQuery(getClassesQueryOptions());

export const useSchoolClass = (id: string) =>
  useQuery({ queryKey: queryKeys.schoolClass(id), queryFn: () => apiRequest<SchoolClass>(classPath(id)) });

/** The enrolled students I may view, with their accommodations and plan dates. */
export const useClassRoster = (id: string) =>
  useQuery({ queryKey: queryKeys.classRoster(id), queryFn: () => apiRequest<RosterStudent[]>(`${classPath(id)}/roster`) });

export { classPath };
