import { z } from 'zod';
import { districtDecider } from '@accommodate/shared-events/domain/district/decide-district';
import { districtErasureDecider, isDistrictErasureEvent, evolveDistrictErasure, isUnfinished, type DistrictErasureCommand, type DistrictErasureState } from '@accommodate/shared-events/domain/district/district-erasure';
import { isDistrictEvent } from '@accommodate/shared-events/domain/district/district';
import { DomainError, IllegalStateError } from '@accommodate/shared-events/domain/errors';
import { canForgetSubjects } from '@accommodate/shared-events/event-store/shredding-event-store';
import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { Actor } from '@accommodate/shared-events/events/envelope';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { organisationQueries, type DistrictDoc } from '@accommodate/projections/queries/organisation-queries';
import { retentionQueries } from '@accommodate/projections/queries/retention-queries';
import type { AppContext } from '../framework/command-context.ts';
import { handleCommand } from '../framework/handle-command.ts';
import { eraseStudentRecord } from './student-record-erasure.ts';
import { forgetRecorded } from './recorded-erasure.ts';

export const DISTRICT_ERASURE_JOB = 'district-erasure';
/** One job per district: enqueued again while it waits or runs, it is not added twice. */
export const districtErasureJobId = (districtId: string) => `district-erasure-${districtId}`;

export const HELD_RECORDS_BLOCK_ERASURE = (count: number) =>
  `${count} record${count === 1 ? ' is' : 's are'} on legal hold: lift the hold${count === 1 ? '' : 's'} before erasing the district`;
const STOPPED = 'The erasure stopped before it finished: erase the district again to complete it';

/** Progress events per run, at most: a live bar needs no more. */
const PROGRESS_STEPS = 50;
/** A batch's ids are written before it is erased: small enough for the event, large enough to be few. */
const MAX_BATCH = 250;
/**
 * Students erased at once: each erasure waits on the log and the read models, so several overlap well (measured on 2
 * cores, 300 students: 4 lanes ~200/s, 8 lanes ~300-440/s, 16 no better).
 */
const LANES = 8;

const jobSchema = z.object({ districtId: z.string() });

export async function readDistrictErasure(eventStore: Pick<EventStore, 'readStream'>, districtId: string): Promise<DistrictErasureState | null> {
  return (await eventStore.readStream(streamName('districtErasure', districtId))).filter(isDistrictErasureEvent).reduce(evolveDistrictErasure, null);
}

/**
 * The job (leaving the product): erases every student of the district's schools, batch by batch, each as a
 * manual delete is (StudentDeleted, then the crypto-shredding erasure); once none is left, DistrictErased drops its
 * schools and staff roles and the district's and schools' keys are destroyed. Resumable: a run cut short (a crash) and
 * run again finishes the batch it was in (a student deleted but whose key was not yet destroyed has it destroyed now),
 * then lists what is left; nothing is erased twice and what is gone already is no failure.
 */
export async function runDistrictErasure(context: AppContext, data: unknown): Promise<void> {
  const { districtId } = jobSchema.parse(data);
  const state = await readDistrictErasure(context.eventStore, districtId);
  if (!isUnfinished(state)) return;
  const record = (command: DistrictErasureCommand) =>
    handleCommand(context, districtErasureDecider, streamName('districtErasure', districtId), command, { actor: { userId: state.requestedBy }, correlationId: districtId });
  try {
    const studentsErased = await eraseDistrict(context, state, record);
    await record({ type: 'FinishDistrictErasure', districtId, outcome: 'done', studentsErased, message: null });
    context.logger.info('district erased', { studentsErased });
  } catch (error) {
    // Never left 'running': the admin is told, and erasing again resumes where this run stopped.
    context.logger.error('district erasure stopped', { error: error instanceof Error ? error.name : 'unknown' });
    const message = error instanceof DomainError ? error.message : STOPPED;
    const now = await readDistrictErasure(context.eventStore, districtId);
    await record({ type: 'FinishDistrictErasure', districtId, outcome: 'failed', studentsErased: now?.progress.done ?? 0, message });
  }
}

/**
 * At an API node's start: a district's erasure a crash cut short is queued again (in-process, the job died with the
 * process; on BullMQ the job id dedupes one that is still there). Returns how many were.
 */
export async function resumeDistrictErasures(context: Pick<AppContext, 'eventStore' | 'readStore' | 'apiJobs'>): Promise<number> {
  let resumed = 0;
  for (const district of await organisationQueries(context.readStore).allDistricts()) {
    if (!isUnfinished(await readDistrictErasure(context.eventStore, district.id))) continue;
    await context.apiJobs.enqueue(DISTRICT_ERASURE_JOB, { districtId: district.id }, { jobId: districtErasureJobId(district.id) });
    resumed += 1;
  }
  return resumed;
}

type RecordErasure = (command: DistrictErasureCommand) => Promise<unknown>;

async function eraseDistrict(context: AppContext, state: DistrictErasureState, record: RecordErasure): Promise<number> {
  const { districtId } = state;
  const store = context.eventStore;
  if (!canForgetSubjects(store)) throw new Error('This event store cannot erase personal data');
  const actor: Actor = { userId: state.requestedBy };
  let done = state.progress.done;
  const eraseOne = async (studentId: string) => {
    // false: deleted already, by a manual delete or by a run cut short before it destroyed the key; destroying a key
    // twice is harmless, so it is destroyed again rather than left to chance.
    if (!(await eraseStudentRecord(context, studentId, actor, { scrub: false }))) await forgetRecorded(context, { kind: 'student', subjectId: studentId, documentIds: [] });
  };
  /** A batch, then the read models scrubbed once for it (no older copy of their rows survives in the store's files). */
  const eraseBatch = async (studentIds: readonly string[]) => {
    await inLanes(studentIds, eraseOne);
    await context.readStore.scrubDeleted?.();
  };
  await eraseBatch(state.erasing);
  done += state.erasing.length;

  const district = await organisationQueries(context.readStore).districtById(districtId);
  // A run cut short after DistrictErased: only its keys may be left to destroy.
  if (!district) return finishErased(context, districtId, done);

  let before = new Set<string>();
  for (;;) {
    const remaining = await studentsOf(context, district);
    if (remaining.length === 0) break;
    // Students that stay through a whole round are not being erased: stop rather than go round for ever.
    if (remaining.every((id) => before.has(id))) throw new Error('students remain after their erasure');
    before = new Set(remaining);
    const schoolIds = (await organisationQueries(context.readStore).schoolsOfDistrict(districtId)).map((school) => school.id);
    const held = await retentionQueries(context.readStore).heldInSchools(schoolIds);
    if (held > 0) throw new IllegalStateError(HELD_RECORDS_BLOCK_ERASURE(held));
    const total = done + remaining.length;
    const size = Math.min(MAX_BATCH, Math.max(1, Math.ceil(total / PROGRESS_STEPS)));
    for (let start = 0; start < remaining.length; start += size) {
      const batch = remaining.slice(start, start + size);
      await record({ type: 'RecordErasureProgress', districtId, done, total, erasing: batch });
      await eraseBatch(batch);
      done += batch.length;
    }
  }
  const schoolIds = (await organisationQueries(context.readStore).schoolsOfDistrict(districtId)).map((school) => school.id);
  await record({ type: 'RecordErasureProgress', districtId, done, total: done, erasing: [] });
  await handleCommand(context, districtDecider, streamName('district', districtId), { type: 'EraseDistrict', districtId, userId: state.requestedBy, confirmName: district.name, studentsErased: done, schoolIds }, { actor });
  return finishErased(context, districtId, done);
}

/** After DistrictErased: the district's and its schools' keys destroyed (again, harmlessly, on a resumed run). */
async function finishErased(context: AppContext, districtId: string, done: number): Promise<number> {
  const events = (await context.eventStore.readStream(streamName('district', districtId))).filter(isDistrictEvent);
  const schoolIds = events.flatMap((event) => (event.type === 'DistrictErased' ? event.data.schoolIds : []));
  if (!canForgetSubjects(context.eventStore)) throw new Error('This event store cannot erase personal data');
  for (const subjectId of [...schoolIds, districtId]) await forgetRecorded(context, { kind: 'subject', subjectId });
  await context.readStore.scrubDeleted?.();
  return done;
}

/** Every student of the district's schools, in a stable order. */
async function studentsOf(context: AppContext, district: DistrictDoc): Promise<string[]> {
  const caseload = caseloadQueries(context.readStore);
  const schools = await organisationQueries(context.readStore).schoolsOfDistrict(district.id);
  const ids = (await Promise.all(schools.map((school) => caseload.studentsOfSchool(school.id)))).flat().map((student) => student.id);
  return ids.sort();
}

/**
 * Runs the items LANES at a time. The first failure stops every lane from taking more, and is thrown once all have
 * stopped: the run is recorded as failed only when nothing of it is still erasing.
 */
async function inLanes<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      try {
        await run(items[next++]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(LANES, items.length) }, lane));
  const rejected = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (rejected) throw rejected.reason;
}
