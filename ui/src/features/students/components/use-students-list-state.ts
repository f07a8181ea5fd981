import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../../../lib/auth.ts';
import { screenStateKey } from '../../../lib/screen-state.ts';
import { listStateToParams, listStateToStorage, restoreListState, type StudentsListState } from './students-list-state.ts';

function readKept(key: string | null): unknown {
  try {
    const text = key ? window.sessionStorage.getItem(key) : null;
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null; // storage blocked or garbled: start afresh
  }
}

/**
 * The students list's search, filters and grouping, kept for the visit (going to a student and coming back,
 * by the back button or the Students link, finds the list as it was left). The codes are mirrored into the address
 * (replacing the entry, so the back button still leaves the page); see students-list-state.ts for what goes where.
 */
export function useStudentsListState(): [StudentsListState, (next: StudentsListState) => void] {
  const { user } = useCurrentUser();
  const key = user ? screenStateKey('students-list', user.id) : null;
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState(() => restoreListState(readKept(key), params));

  const wanted = listStateToParams(state).toString();
  useEffect(() => {
    if (wanted !== params.toString()) setParams(new URLSearchParams(wanted), { replace: true });
  }, [wanted, params, setParams]);

  const update = useCallback(
    (next: StudentsListState) => {
      setState(next);
      try {
        if (key) window.sessionStorage.setItem(key, JSON.stringify(listStateToStorage(next)));
      } catch {
        // not kept; the list still works for this visit
      }
    },
    [key],
  );
  return [state, update];
}
