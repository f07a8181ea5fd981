import { useCallback, useState } from 'react';

export type ViewMode = 'grid' | 'list';

/** Spec section 4: kept in localStorage under studentViewMode, grid by default. */
export const VIEW_MODE_KEY = 'studentViewMode';

function readViewMode(): ViewMode {
  try {
    return window.localStorage.getItem(VIEW_MODE_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid'; // storage can be blocked (private mode); the default still works
  }
}

export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(readViewMode);
  const update = useCallback((next: ViewMode) => {
    setMode(next);
    try {
      window.localStorage.setItem(VIEW_MODE_KEY, next);
    } catch {
      // not persisted; the choice still applies to this visit
    }
  }, []);
  return [mode, update];
}
