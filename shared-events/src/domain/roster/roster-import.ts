import type { RosterEvent, RosterImportEvent } from '../../events/roster-events.ts';
import type { RosterImport } from '../../schemas/roster.ts';
import { IllegalStateError } from '../errors.ts';
import { NO_LINKS, type RosterLinks } from './roster-plan.ts';

/** An import as its stream folds: what GET /api/roster-imports/:id answers (without its id and time). */
export type RosterImportState = Omit<RosterImport, 'id' | 'requestedAt'> & { requestedBy: string; uploadId: string; schoolChoices: Record<string, string> };

export function evolveRosterImport(state: RosterImportState | null, event: RosterImportEvent): RosterImportState | null {
  switch (event.type) {
    case 'RosterImportRequested': {
      const { districtId, dryRun, requestedBy, uploadId } = event.data;
      const schoolChoices = event.data.schoolChoices ?? {};
      return { districtId, dryRun, requestedBy, uploadId, schoolChoices, status: 'queued', progress: { done: 0, total: 0 }, summary: null, errors: [], warnings: [], errorCount: 0, warningCount: 0, schoolMatches: [] };
    }
    case 'RosterImportProgressed':
      return state && { ...state, status: 'running', progress: { done: event.data.done, total: event.data.total } };
    case 'RosterImportFinished': {
      if (!state) return state;
      const { outcome, summary, errors, warnings } = event.data;
      const progress = outcome === 'done' ? { done: state.progress.total, total: state.progress.total } : state.progress;
      const counts = { errorCount: event.data.errorCount ?? errors.length, warningCount: event.data.warningCount ?? warnings.length };
      return { ...state, status: outcome, summary, errors, warnings, ...counts, progress, schoolMatches: event.data.schoolMatches ?? [] };
    }
  }
}

/**
 * The district's roster: the salt its ids are derived with, what its imports linked (the last sync says all), and the
 * real import that holds it now, if any.
 */
export interface RosterState {
  salt: string | null;
  links: RosterLinks;
  /** An org's own id → the school made by hand that it is linked to. */
  schoolLinks: Record<string, string>;
  running: string | null;
}

export const ROSTER_IMPORT_UNDER_WAY = 'An import for this district is under way: wait for it to finish, then import again';

export function evolveRoster(state: RosterState, event: RosterEvent): RosterState {
  switch (event.type) {
    case 'RosterSynced':
      return { ...state, salt: event.data.salt, links: event.data.links, schoolLinks: event.data.schoolLinks ?? state.schoolLinks };
    case 'RosterImportAccepted':
      // The first salt stays for good: every later id of the district is derived from it.
      return { ...state, salt: state.salt ?? event.data.salt, running: event.data.importId };
    case 'RosterImportReleased':
      return state.running === event.data.importId ? { ...state, running: null } : state;
  }
}

export const initialRosterState = (): RosterState => ({ salt: null, links: NO_LINKS, schoolLinks: {}, running: null });

/** A real import takes the roster: refused while another holds it; the salt is the district's, or `newSalt` the first time. */
export function acceptRosterImport(state: RosterState, command: { districtId: string; importId: string; newSalt: string }): RosterEvent[] {
  if (state.running === command.importId) return [];
  if (state.running !== null) throw new IllegalStateError(ROSTER_IMPORT_UNDER_WAY);
  return [{ type: 'RosterImportAccepted', data: { districtId: command.districtId, importId: command.importId, salt: state.salt ?? command.newSalt } }];
}

/** The import ended: the roster is free again (nothing when it was not the one holding it). */
export const releaseRosterImport = (state: RosterState, command: { districtId: string; importId: string }): RosterEvent[] =>
  state.running === command.importId ? [{ type: 'RosterImportReleased', data: { districtId: command.districtId, importId: command.importId } }] : [];
