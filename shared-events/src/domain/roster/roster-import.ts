import type { RosterEvent, RosterImportEvent } from '../../events/roster-events.ts';
import type { RosterImport } from '../../schemas/roster.ts';
import { NO_LINKS, type RosterLinks } from './roster-plan.ts';

/** An import as its stream folds: what GET /api/roster-imports/:id answers (without its id and time). */
export type RosterImportState = Omit<RosterImport, 'id' | 'requestedAt'> & { requestedBy: string; uploadId: string };

export function evolveRosterImport(state: RosterImportState | null, event: RosterImportEvent): RosterImportState | null {
  switch (event.type) {
    case 'RosterImportRequested': {
      const { districtId, dryRun, requestedBy, uploadId } = event.data;
      return { districtId, dryRun, requestedBy, uploadId, status: 'queued', progress: { done: 0, total: 0 }, summary: null, errors: [], warnings: [] };
    }
    case 'RosterImportProgressed':
      return state && { ...state, status: 'running', progress: { done: event.data.done, total: event.data.total } };
    case 'RosterImportFinished': {
      if (!state) return state;
      const { outcome, summary, errors, warnings } = event.data;
      const progress = outcome === 'done' ? { done: state.progress.total, total: state.progress.total } : state.progress;
      return { ...state, status: outcome, summary, errors, warnings, progress };
    }
  }
}

/** The district's roster: the salt its ids are derived with, and what its imports linked (the last sync says all). */
export interface RosterState {
  salt: string | null;
  links: RosterLinks;
}

export const evolveRoster = (_state: RosterState, event: RosterEvent): RosterState => ({ salt: event.data.salt, links: event.data.links });
export const initialRosterState = (): RosterState => ({ salt: null, links: NO_LINKS });
