import { DISTRICT_ERASURE_EVENTS, type DistrictErasureEvent } from '../../events/district-erasure-events.ts';
import type { DistrictErasure } from '../../schemas/retention.ts';
import type { Decider } from '../decider.ts';
import { isEventOf, typesOf } from '../event-types.ts';

export const DISTRICT_ERASURE_EVENT_TYPES = typesOf(DISTRICT_ERASURE_EVENTS);
export const isDistrictErasureEvent = isEventOf<DistrictErasureEvent>(DISTRICT_ERASURE_EVENT_TYPES);

/** A district's erasure as its stream folds: what the status resource answers, with who asked for the last run. */
export type DistrictErasureState = Omit<DistrictErasure, 'id'> & {
  districtId: string;
  requestedBy: string;
  /** The students the last batch set out to erase: a resumed run finishes them first. */
  erasing: string[];
};

export const isUnfinished = (state: DistrictErasureState | null): state is DistrictErasureState & { status: 'queued' | 'running' } => state !== null && (state.status === 'queued' || state.status === 'running');

/** The one fold of `districtErasure-<districtId>`. A new request after a failed run queues it again, its count kept. */
export function evolveDistrictErasure(state: DistrictErasureState | null, event: DistrictErasureEvent): DistrictErasureState | null {
  switch (event.type) {
    case 'DistrictErasureRequested': {
      if (isUnfinished(state) || state?.status === 'done') return state;
      const { districtId, requestedBy } = event.data;
      // After a failed run, what it erased stays erased and counted, and the batch it was in is finished first.
      const progress = state?.progress ?? { done: 0, total: 0 };
      return { districtId, requestedBy, status: 'queued', progress, studentsErased: null, message: null, erasing: state?.erasing ?? [] };
    }
    case 'DistrictErasureProgressed':
      if (!isUnfinished(state)) return state;
      return { ...state, status: 'running', progress: { done: event.data.done, total: event.data.total }, erasing: event.data.erasing };
    case 'DistrictErasureFinished': {
      if (!isUnfinished(state)) return state;
      const { outcome, studentsErased, message } = event.data;
      const total = Math.max(state.progress.total, studentsErased);
      const progress = outcome === 'done' ? { done: total, total } : state.progress;
      return { ...state, status: outcome, progress, studentsErased: outcome === 'done' ? studentsErased : null, message, erasing: outcome === 'done' ? [] : state.erasing };
    }
  }
}

export type DistrictErasureCommand =
  | { type: 'RequestDistrictErasure'; districtId: string; userId: string }
  | { type: 'RecordErasureProgress'; districtId: string; done: number; total: number; erasing: string[] }
  | { type: 'FinishDistrictErasure'; districtId: string; outcome: 'done' | 'failed'; studentsErased: number; message: string | null };

/**
 * Asked for while a run is queued or running, nothing new is written: the caller enqueues the same job again (a run
 * a crash cut short resumes). Progress and the outcome are only for an unfinished run; a finished one stays as it is.
 */
export function decideDistrictErasure(command: DistrictErasureCommand, state: DistrictErasureState | null): DistrictErasureEvent[] {
  const { districtId } = command;
  switch (command.type) {
    case 'RequestDistrictErasure':
      return isUnfinished(state) || state?.status === 'done' ? [] : [{ type: 'DistrictErasureRequested', data: { districtId, requestedBy: command.userId } }];
    case 'RecordErasureProgress': {
      if (!isUnfinished(state)) return [];
      const { done, total, erasing } = command;
      return [{ type: 'DistrictErasureProgressed', data: { districtId, done, total, erasing } }];
    }
    case 'FinishDistrictErasure': {
      if (!isUnfinished(state)) return [];
      const { outcome, studentsErased, message } = command;
      return [{ type: 'DistrictErasureFinished', data: { districtId, outcome, studentsErased, message } }];
    }
  }
}

export const districtErasureDecider: Decider<DistrictErasureState | null, DistrictErasureCommand, DistrictErasureEvent> = {
  eventTypes: DISTRICT_ERASURE_EVENT_TYPES,
  initialState: () => null,
  evolve: evolveDistrictErasure,
  decide: decideDistrictErasure,
};
