import { describe, expect, it } from 'vitest';
import { INITIAL_LIST_STATE, listStateToParams, listStateToStorage, restoreListState } from './students-list-state.ts';

const state = {
  filters: { search: 'Ava', status: 'issue', grade: '5', accommodation: 'Breaks', classId: 'c1' },
  groupBy: 'grade' as const,
  showFilters: true,
};

describe('the students list’s kept state', () => {
  it('puts only codes in the address, never the search text or an accommodation name', () => {
    const params = listStateToParams(state);
    expect(params.toString()).toBe('status=issue&grade=5&class=c1&group=grade');
    expect(params.toString()).not.toContain('Ava');
    expect(params.toString()).not.toContain('Breaks');
  });

  it('comes back whole from what the tab kept and the address', () => {
    expect(restoreListState(listStateToStorage(state), listStateToParams(state))).toEqual(state);
  });

  it('lets the address win over what was kept, and opens the filters when some are in force', () => {
    const restored = restoreListState({ ...listStateToStorage(state), showFilters: false }, new URLSearchParams('grade=K'));
    expect(restored.filters).toEqual({ search: 'Ava', status: 'issue', grade: 'K', accommodation: 'Breaks', classId: 'c1' });
    expect(restored.showFilters).toBe(true);
  });

  it('starts afresh from nothing, or from storage that does not parse', () => {
    expect(restoreListState(null, new URLSearchParams())).toEqual(INITIAL_LIST_STATE);
    expect(restoreListState({ search: 42, groupBy: 'colour' }, new URLSearchParams('group=colour'))).toEqual(INITIAL_LIST_STATE);
  });
});
