import { z } from 'zod';
import { ALL, NO_FILTERS, isFiltered, type GroupBy, type StudentFilters } from './students-list-model.ts';

/** What the students list keeps while a person goes to a student and comes back. */
export interface StudentsListState {
  filters: StudentFilters;
  groupBy: GroupBy;
  showFilters: boolean;
}

export const INITIAL_LIST_STATE: StudentsListState = { filters: NO_FILTERS, groupBy: 'none', showFilters: false };

const GROUPINGS = ['none', 'grade', 'status', 'class'] as const;

/** Session storage is a boundary too: what does not parse is ignored. */
const storedSchema = z
  .object({
    search: z.string().max(200),
    status: z.string().max(50),
    grade: z.string().max(10),
    accommodation: z.string().max(200),
    classId: z.string().max(100),
    groupBy: z.enum(GROUPINGS),
    showFilters: z.boolean(),
  })
  .partial();

const param = (params: URLSearchParams, name: string, max: number): string | undefined => {
  const value = params.get(name);
  return value !== null && value !== '' && value.length <= max ? value : undefined;
};

/**
 * The list as it was: first what this tab kept, then what the address says (a link, the back button). Only codes
 * travel in the address (status, grade, class, grouping); the search text and the accommodation filter, which can name a
 * student or something only one student has, stay in session storage. Filters in force open the filter card, so
 * that a shorter list never looks like a whole one.
 */
export function restoreListState(stored: unknown, params: URLSearchParams): StudentsListState {
  const kept = storedSchema.safeParse(stored);
  const saved = kept.success ? kept.data : {};
  const group = param(params, 'group', 10);
  const filters: StudentFilters = {
    search: saved.search ?? NO_FILTERS.search,
    accommodation: saved.accommodation ?? NO_FILTERS.accommodation,
    status: param(params, 'status', 50) ?? saved.status ?? NO_FILTERS.status,
    grade: param(params, 'grade', 10) ?? saved.grade ?? NO_FILTERS.grade,
    // A class's id is a code like the grade, so a link can name it.
    classId: param(params, 'class', 100) ?? saved.classId ?? NO_FILTERS.classId,
  };
  const groupBy = (GROUPINGS as readonly string[]).includes(group ?? '') ? (group as GroupBy) : (saved.groupBy ?? 'none');
  return { filters, groupBy, showFilters: (saved.showFilters ?? false) || isFiltered(filters) };
}

export const listStateToStorage = (state: StudentsListState): z.infer<typeof storedSchema> => ({
  ...state.filters,
  groupBy: state.groupBy,
  showFilters: state.showFilters,
});

/** The address's part: the codes that differ from the defaults, nothing a person typed. */
export function listStateToParams(state: StudentsListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.filters.status !== ALL) params.set('status', state.filters.status);
  if (state.filters.grade !== ALL) params.set('grade', state.filters.grade);
  if (state.filters.classId !== ALL) params.set('class', state.filters.classId);
  if (state.groupBy !== 'none') params.set('group', state.groupBy);
  return params;
}
