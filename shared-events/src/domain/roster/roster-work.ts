import type { DomainEvent } from '../../events/registry.ts';
import { fold, type Decider } from '../decider.ts';

/** An event as a stream holds it (an envelope, or the event alone in a spec). */
export type RecordedEvent = { type: string; data: unknown };

/** What an import counts, per kind of record (the summary and the dry run's report). */
export const ROSTER_KINDS = ['schools', 'staff', 'students', 'classes', 'enrollments'] as const;
export type RosterKind = (typeof ROSTER_KINDS)[number];
export type RosterChange = 'created' | 'updated' | 'deactivated';
export interface Tally {
  created: number;
  updated: number;
  deactivated: number;
  unchanged: number;
}
export type RosterSummary = Record<RosterKind, Tally>;

export const emptySummary = (): RosterSummary =>
  Object.fromEntries(ROSTER_KINDS.map((kind) => [kind, { created: 0, updated: 0, deactivated: 0, unchanged: 0 }])) as RosterSummary;

export function addSummary(into: RosterSummary, from: Partial<Record<RosterKind, Partial<Tally>>>): void {
  for (const kind of ROSTER_KINDS) {
    const tally = from[kind];
    if (!tally) continue;
    for (const key of ['created', 'updated', 'deactivated', 'unchanged'] as const) into[kind][key] += tally[key] ?? 0;
  }
}

/** One command of an import, and how it counts: as its change when it appends anything, as unchanged otherwise. */
export type RosterStep<Command> =
  /** `change` null: the step counts nothing itself (a class's enrolment, counted by student as a tally). */
  | { kind: RosterKind; command: Command; change: RosterChange | null }
  | { kind: RosterKind; tally: Partial<Tally> };

/**
 * All an import does to one stream: the aggregate's own decider decides each command on the state the previous ones
 * left (so a class is created, given its teachers and its enrolment in one append), exactly as the routes' commands.
 * Pure: the job reads the stream, hands its events here, and appends what comes back (or, in a dry run, only counts it).
 */
export interface StreamWork {
  stream: string;
  /** The file a refusal is reported against. */
  file: string;
  decide(history: readonly RecordedEvent[]): { events: DomainEvent[]; summary: RosterSummary };
}

export function streamWork<State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
  stream: string,
  file: string,
  plan: (state: State) => RosterStep<Command>[],
): StreamWork {
  return {
    stream,
    file,
    decide(history) {
      const types: ReadonlySet<string> = new Set(decider.eventTypes);
      let state = fold(decider, history.filter((event): event is Event => types.has(event.type)));
      const events: Event[] = [];
      const summary = emptySummary();
      for (const step of plan(state)) {
        if ('tally' in step) {
          addSummary(summary, { [step.kind]: step.tally });
          continue;
        }
        const decided = decider.decide(step.command, state);
        if (step.change !== null) summary[step.kind][decided.length > 0 ? step.change : 'unchanged'] += 1;
        state = decided.reduce((folded, event) => decider.evolve(folded, event), state);
        events.push(...decided);
      }
      return { events, summary };
    },
  };
}
