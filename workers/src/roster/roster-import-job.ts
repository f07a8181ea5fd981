import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { WrongExpectedRevisionError, type EventStore } from '@accommodate/shared-events/event-store/event-store';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { SIS_ACTOR, type Actor } from '@accommodate/shared-events/events/envelope';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import type { RosterEvent, RosterImportEvent } from '@accommodate/shared-events/events/roster-events';
import { DomainError, IllegalStateError } from '@accommodate/shared-events/domain/errors';
import { noIssues, noteIssue, tallyOf, type IssueTally } from '@accommodate/shared-events/domain/roster/roster-issues';
import { evolveRosterImport, type RosterImportState } from '@accommodate/shared-events/domain/roster/roster-import';
import { planRosterInSteps, type RosterLinks, type RosterPlan } from '@accommodate/shared-events/domain/roster/roster-plan';
import { backgroundTurn } from '@accommodate/shared-events/timing/background-turns';
import { forEachTakingTurns } from '@accommodate/shared-events/timing/for-each-taking-turns';
import { addSummary, emptySummary, type RosterSummary, type StreamWork } from '@accommodate/shared-events/domain/roster/roster-work';
import { isEventOf } from '@accommodate/shared-events/domain/event-types';
import { ROSTER_IMPORT_EVENTS } from '@accommodate/shared-events/events/roster-events';
import type { Logger } from '@accommodate/shared-events/logging/logger';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { userQueries } from '@accommodate/projections/queries/users-queries';
import { organisationQueries } from '@accommodate/projections/queries/organisation-queries';
import { matchSchools } from '@accommodate/shared-events/domain/roster/roster-school-match';
import { readRosterOffThread } from './roster-reading-thread.ts';
import { newRosterSalt, rosterIdFor } from './roster-ids.ts';
import { holdDistrictRoster, readDistrictRoster, releaseDistrictRoster } from './roster-hold.ts';
import { departingTeachers, handOverLeavingStaff } from './roster-departures.ts';

export const ROSTER_IMPORT_JOB = 'roster-import';
/** One job per import: enqueued again while it runs, the queue ignores it; after a crash, it runs it again. */
export const rosterImportJobId = (importId: string) => `roster-import-${importId}`;
/**
 * Where an import's zip is kept (the documents' blob store), named after the import so that the start-up sweep of
 * documents' leftovers knows it and keeps it until its import ends.
 */
export const ROSTER_UPLOAD_PREFIX = 'roster-upload-';
export const rosterUploadId = (importId: string) => `${ROSTER_UPLOAD_PREFIX}${importId}`;

/** Where the API keeps an uploaded zip until its import has read it (the documents' blob store). */
export interface RosterUploads {
  get(id: string): Promise<Buffer | null>;
  delete(id: string): Promise<void>;
}

export interface RosterImportDependencies {
  eventStore: EventStore;
  readStore: ReadStore;
  logger: Logger;
  /** Absent in a process that cannot read the API's uploads. */
  rosterUploads?: RosterUploads;
}

/**
 * Streams written at once. A new stream waits for two fsyncs (its subject key, then its events), which the group
 * commits share: at 48 the students were written at the pace of those fsyncs.
 */
const CONCURRENCY = 192;
/** Progress events per import, at most: a live bar needs no more. */
const PROGRESS_STEPS = 50;
const ROUNDS = 5;

const jobSchema = z.object({ importId: z.string() });
const isImportEvent = isEventOf<RosterImportEvent>(ROSTER_IMPORT_EVENTS.map((definition) => definition.name));

/** An import as its stream folds, with when it was asked for; null for no such import. */
export async function readRosterImport(eventStore: Pick<EventStore, 'readStream'>, importId: string): Promise<(RosterImportState & { requestedAt: string }) | null> {
  const events = (await eventStore.readStream(streamName('rosterImport', importId))).filter(isImportEvent);
  const state = events.reduce<RosterImportState | null>(evolveRosterImport, null);
  return state && { ...state, requestedAt: events[0]?.occurredAt ?? '' };
}

/**
 * The import job: read the zip, validate all of it, then apply the plan stream by stream through the aggregates' own
 * deciders (or, in a dry run, only count what they would append), reporting progress as events of the import's stream.
 * Run again after a crash, it decides again on what the log holds: what was written counts as unchanged.
 */
export async function runRosterImport(dependencies: RosterImportDependencies, data: unknown): Promise<void> {
  const { importId } = jobSchema.parse(data);
  try {
    await importRoster(dependencies, importId);
  } catch (error) {
    // Never left 'running': what was written stays (a new import decides again on it), and the district admin is told.
    dependencies.logger.error('roster import failed', { error: error instanceof Error ? error.name : 'unknown' });
    const state = await readRosterImport(dependencies.eventStore, importId);
    if (!state) return;
    const hold = { districtId: state.districtId, importId, actor: { userId: state.requestedBy } };
    if (state.status === 'done' || state.status === 'failed') return void (await releaseDistrictRoster(dependencies.eventStore, hold));
    // Another import of the district holds the roster (this one was asked for as a hold was given up): said as such.
    const message = error instanceof IllegalStateError ? error.message : 'The import stopped on an unexpected error before it finished: upload the zip again to complete it';
    await dependencies.eventStore.append(streamName('rosterImport', importId), [
      { type: 'RosterImportFinished', data: { importId, districtId: state.districtId, outcome: 'failed', summary: null, errors: [{ file: 'zip', line: null, message }], warnings: [] } },
    ], { expectedRevision: 'any', actor: { userId: state.requestedBy }, correlationId: importId, causationId: null });
    await releaseDistrictRoster(dependencies.eventStore, hold);
  }
}

async function importRoster(dependencies: RosterImportDependencies, importId: string): Promise<void> {
  const { eventStore } = dependencies;
  const state = await readRosterImport(eventStore, importId);
  if (!state) return;
  const actor: Actor = { userId: state.requestedBy };
  const hold = { districtId: state.districtId, importId, actor };
  const { uploadId } = state;
  // Ended before a crash let it free the roster: it frees it now.
  if (state.status === 'done' || state.status === 'failed') return void (await releaseDistrictRoster(eventStore, hold));
  const record = (event: RosterImportEvent) =>
    eventStore.append(streamName('rosterImport', importId), [event], { expectedRevision: 'any', actor, correlationId: importId, causationId: null });
  const fail = (errors: IssueTally, warnings: IssueTally = noIssues()) =>
    record({ type: 'RosterImportFinished', data: { importId, districtId: state.districtId, outcome: 'failed', summary: null, ...issuesOf(errors, warnings) } });

  const bytes = await dependencies.rosterUploads?.get(state.uploadId);
  if (!bytes) return void (await finishWith(fail(tallyOf([{ file: 'zip', line: null, message: 'The uploaded zip is no longer here: upload it again' }]))));
  const rosterStream = streamName('roster', state.districtId);
  const roster = await readDistrictRoster(eventStore, state.districtId);
  // A real import writes with the salt fixed when it took the roster, so that a re-run after a crash derives the same
  // ids and writes into the same records; a dry run of a district never imported counts with a salt of its own.
  const salt = state.dryRun ? (roster.salt ?? newRosterSalt()) : (await holdDistrictRoster(eventStore, hold)).salt;
  const orgIdFor = rosterIdFor(salt);
  // An org linked to a school made by hand is known by its own derived id, which the links' schools do not hold.
  const known = { ...roster.links, schools: [...roster.links.schools, ...Object.keys(roster.schoolLinks)] };
  const read = await readRosterOffThread({ bytes, links: known, salt });
  const roster_ = read.data;
  const warnings: IssueTally = { kept: read.warnings, count: read.warningCount };
  if (!roster_) return void (await finishWith(fail({ kept: read.errors, count: read.errorCount }, warnings)));

  const existing = await organisationQueries(dependencies.readStore).schoolsOfDistrict(state.districtId);
  const linkedIds = new Set([...roster.links.schools, ...Object.values(roster.schoolLinks)]);
  const matching = matchSchools(roster_.schools, { orgId: (sourcedId) => orgIdFor('school', sourcedId), existing, linkedIds, links: roster.schoolLinks, choices: state.schoolChoices });
  const schoolMatches = matching.matches;
  // A real import never guesses which school an org is: nothing is written until the admin has chosen.
  if (!state.dryRun && matching.problems.length > 0) {
    const errors = tallyOf([...new Set(matching.problems)].map((message) => ({ file: 'orgs.csv', line: null, message })));
    return void (await finishWith(record({ type: 'RosterImportFinished', data: { importId, districtId: state.districtId, outcome: 'failed', summary: null, ...issuesOf(errors, warnings), schoolMatches } })));
  }
  const schoolLinks = { ...roster.schoolLinks, ...matching.links };
  // An org linked to a school made by hand writes into that school; every other record keeps its derived id.
  const idFor: typeof orgIdFor = (kind, sourcedId) => {
    const id = orgIdFor(kind, sourcedId);
    return kind === 'school' ? (schoolLinks[id] ?? id) : id;
  };

  const accounts = new Map<string, string>();
  const users = userQueries(dependencies.readStore);
  // A district's 3,000 staff, each a read that resolves at once: in turns, so that the API answers in between.
  await forEachTakingTurns(new Set(roster_.staff.map((member) => member.email)), async (email) => {
    const account = await users.verifiedUserWithEmail(email);
    if (account) accounts.set(email, account.id);
  });
  const { staffEmails, classesByTeacherEmail } = await departingTeachers(dependencies.readStore, roster_, roster.links, idFor);
  const context = { districtId: state.districtId, importerId: state.requestedBy, idFor, accounts, staffEmails, classesByTeacherEmail, previous: roster.links };
  const plan = await planTakingTurns(planRosterInSteps(roster_, context));
  const total = plan.phases.reduce((sum, phase) => sum + phase.length, 0);
  const summary = emptySummary();
  let done = 0;
  let reported = -1;
  const step = Math.max(1, Math.ceil(total / PROGRESS_STEPS));
  await record({ type: 'RosterImportProgressed', data: { importId, districtId: state.districtId, done: 0, total } });
  for (const phase of plan.phases) {
    await inParallel(phase, async (work) => {
      // The records are the school's and written from the SIS: the log names it, not the admin who asked for the import.
      addSummary(summary, await applyWork(eventStore, work, { dryRun: state.dryRun, actor: SIS_ACTOR, importId, warnings }));
      done += 1;
      if (done - reported >= step && done < total) {
        reported = done;
        await record({ type: 'RosterImportProgressed', data: { importId, districtId: state.districtId, done, total } });
      }
    });
  }
  const handedOver = state.dryRun ? 0 : await handOverLeavingStaff(dependencies, plan.leavingStaff, { importerId: state.requestedBy, importId });
  if (!state.dryRun && (linksChanged(roster.links, plan.links, roster.salt) || Object.keys(matching.links).length > 0)) {
    const synced: RosterEvent = { type: 'RosterSynced', data: { districtId: state.districtId, importId, salt, links: plan.links, schoolLinks } };
    await eventStore.append(rosterStream, [synced], { expectedRevision: 'any', actor, correlationId: importId, causationId: null });
  }
  await record({ type: 'RosterImportFinished', data: { importId, districtId: state.districtId, outcome: 'done', summary: summary satisfies RosterSummary, ...issuesOf(noIssues(), warnings), schoolMatches } });
  await releaseDistrictRoster(eventStore, hold);
  await dependencies.rosterUploads?.delete(state.uploadId);
  dependencies.logger.info('roster import done', { dryRun: state.dryRun, streams: total, handedOver });

  async function finishWith(finished: Promise<unknown>) {
    await finished;
    await releaseDistrictRoster(eventStore, hold);
    await dependencies.rosterUploads?.delete(uploadId);
  }
}

/** One stream's work: decided on the stream as it is, appended at the revision decided on (again on a conflict). */
async function applyWork(
  eventStore: Pick<EventStore, 'readStream' | 'append'>,
  work: StreamWork,
  options: { dryRun: boolean; actor: Actor; importId: string; warnings: IssueTally },
): Promise<RosterSummary> {
  for (let round = 0; round < ROUNDS; round += 1) {
    const history = await eventStore.readStream(work.stream);
    let decided: { events: DomainEvent[]; summary: RosterSummary };
    try {
      decided = work.decide(history);
    } catch (error) {
      // A record the product has changed so that the roster cannot follow (a student erased, a class handed to a
      // teacher): reported, not written, and the rest goes on. The message names no record.
      if (!(error instanceof DomainError)) throw error;
      noteIssue(options.warnings, { file: work.file, line: null, message: `A record was left as it is: ${error.message}` });
      return emptySummary();
    }
    if (options.dryRun || decided.events.length === 0) return decided.summary;
    try {
      const expectedRevision = history.at(-1)?.revision ?? 'no_stream';
      await eventStore.append(work.stream, decided.events, { expectedRevision, actor: options.actor, correlationId: options.importId, causationId: randomUUID() });
      return decided.summary;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  throw new Error('A roster write kept meeting newer events');
}

async function inParallel<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, lane));
}

const issuesOf = (errors: IssueTally, warnings: IssueTally) => ({ errors: errors.kept, warnings: warnings.kept, errorCount: errors.count, warningCount: warnings.count });

const linksChanged = (before: RosterLinks, after: RosterLinks, salt: string | null) => salt === null || JSON.stringify(before) !== JSON.stringify(after);

/** Runs planning's steps with a turn of the event loop between each: the API's requests wait one step, not the whole plan. */
async function planTakingTurns(steps: Generator<void, RosterPlan>): Promise<RosterPlan> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await backgroundTurn();
  }
}
