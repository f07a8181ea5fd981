import { Router, type Request } from 'express';
import { studentFormSchema, type StudentInput } from '@accommodate/shared-events/schemas/student';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { PLANS, STUDENTS } from '@accommodate/projections/definitions/caseload-collections';
import type { PlanDoc, StudentDoc } from '@accommodate/projections/definitions/caseload-projection';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { notFound } from '../../http/errors.ts';
import { expectedRevisionFrom, setEtag } from '../../http/concurrency.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { assertInLibrary } from './accommodation-choice.ts';
import { renderAccommodationsPdf } from './accommodations-pdf.ts';
import { studentDecider, type StudentAllowance } from '@accommodate/shared-events/domain/student/decide-student';
import { loadStudentFor, presentStudent, presentStudents, studentsVisibleTo, visibleUntil } from './student-access.ts';
import { createReadModelCache, readModelVersion } from '../../framework/read-model-cache.ts';
import { caseloadProjection } from '@accommodate/projections/definitions/caseload-projection';
import { USERS, usersProjection, type UserDoc } from '@accommodate/projections/definitions/users-projection';
import { sanitizeNotes } from './student-notes.ts';
import { withStaleAsCurrent } from '../../framework/stale-record.ts';
import { eraseStudent, planStudentErasure } from '../erasure/erase-student.ts';
import type { StudentDetails } from '@accommodate/shared-events/domain/student/student';
import { saveStudentEdit } from './save-student-edit.ts';
import { newSubjectId } from '../../framework/new-subject-id.ts';

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

function detailsFrom(input: StudentInput, current?: StudentDetails): StudentDetails {
  return {
    firstName: input.firstName,
    lastInitial: input.lastInitial,
    grade: input.grade,
    status: input.status,
    birthdate: input.birthdate || null,
    parentName: blankToNull(input.parentName),
    parentEmail: blankToNull(input.parentEmail),
    parentNotes: blankToNull(input.parentNotes),
    // Most saves send the notes back as stored, sanitised already: those need no second pass.
    notes: current && input.notes === current.notes ? current.notes : sanitizeNotes(input.notes),
  };
}

/**
 * PUT replaces the form's fields, except that optional fields a client leaves out
 * entirely keep their value: an older client that knows nothing of notes must not erase them.
 */
function detailsForUpdate(req: Request, input: StudentInput, current: StudentDetails): StudentDetails {
  const sent = (field: string) => typeof req.body === 'object' && req.body !== null && field in req.body;
  const details = detailsFrom(input, current);
  for (const field of ['birthdate', 'parentName', 'parentEmail', 'parentNotes', 'notes'] as const) {
    if (!sent(field)) details[field] = current[field];
  }
  return details;
}

/** About 150 teachers' full caseloads (≈ 100 KB each); least recently read go first. */
const STUDENT_LIST_CACHE_BYTES = 16 * 1024 * 1024;

const byName = (a: StudentDoc, b: StudentDoc) =>
  a.firstName.localeCompare(b.firstName) || a.lastInitial.localeCompare(b.lastInitial) || a.id.localeCompare(b.id);

/** The plan the sheet shows: the active one starting last, else the one starting last. */
export function currentPlan(plans: readonly PlanDoc[]): PlanDoc | null {
  const latestFirst = [...plans].sort((a, b) => b.startDate.localeCompare(a.startDate));
  return latestFirst.find((plan) => plan.status === 'active') ?? latestFirst[0] ?? null;
}

/**
 * What the free plan's limit needs to know. A premium account has no limit, so its students are not
 * counted: counting a large caseload on every creation was a large part of a POST's cost.
 */
async function allowanceOf(readStore: AppContext['readStore'], userId: string): Promise<StudentAllowance> {
  const user = await readStore.collection<UserDoc>(USERS).get(userId);
  if (!user) throw notFound('Account');
  if (user.isPremium) return { isPremium: true, studentCount: 0 };
  return { isPremium: false, studentCount: await readStore.collection(STUDENTS).count({ ownerId: userId }) };
}

/**
 * Runs one user's student creations one after another, so two quick clicks cannot
 * both pass the free limit's count. It serialises within one API process only;
 * across several, the count can still be passed by the odd concurrent request.
 */
function oneAtATimePerUser() {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(userId: string, work: () => Promise<T>): Promise<T> => {
    const previous = tails.get(userId) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(work);
    tails.set(userId, run);
    try {
      return await run;
    } finally {
      if (tails.get(userId) === run) tails.delete(userId);
    }
  };
}

export function studentRoutes(context: AppContext): Router {
  const router = Router();
  const creatingFor = oneAtATimePerUser();
  const students = () => context.readStore.collection<StudentDoc>(STUDENTS);

  const readBack = async (studentId: string) => {
    const student = await students().get(studentId);
    if (!student) throw notFound('Student');
    return student;
  };

  // The list is read far more often than it changes (every poke refetches it), and building it costs
  // milliseconds for a full caseload: it is kept serialised per user until a commit to the students or
  // users read models, or the end of one of the user's shares, may change it.
  const studentLists = createReadModelCache(readModelVersion(context.readStore, [caseloadProjection.name, usersProjection.name]), {
    maxBytes: STUDENT_LIST_CACHE_BYTES,
  });

  router.get('/api/students', async (req, res) => {
    const userId = requireUser(req);
    const body = await studentLists.answer(userId, context.now(), async (now) => {
      const atNow = { readStore: context.readStore, now: () => now };
      const docs = (await studentsVisibleTo(atNow, userId)).sort(byName);
      const students = await presentStudents(atNow, docs, userId);
      return { body: Buffer.from(JSON.stringify(students)), until: visibleUntil(docs, userId, now) };
    });
    res.type('application/json').send(body);
  });

  // Before /api/students/:id, so that "accommodations" is never taken for an id.
  router.get('/api/students/accommodations/all', async (req, res) => {
    const userId = requireUser(req);
    const byStudent: Record<string, StudentDoc['accommodations']> = {};
    for (const student of await studentsVisibleTo(context, userId)) byStudent[student.id] = student.accommodations;
    res.json(byStudent);
  });

  router.get('/api/students/:id', async (req, res) => {
    const userId = requireUser(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'view');
    setEtag(res, student.revision);
    res.json(await presentStudent(context, student, userId));
  });

  router.get('/api/students/:id/accommodations', async (req, res) => {
    const student = await loadStudentFor(context, requireUser(req), idParam(req), 'view');
    res.json(student.accommodations);
  });

  router.get('/api/students/:id/accommodations.pdf', async (req, res) => {
    const student = await loadStudentFor(context, requireUser(req), idParam(req), 'view');
    const plans = await context.readStore.collection<PlanDoc>(PLANS).find({ studentId: student.id });
    const pdf = await renderAccommodationsPdf({
      student,
      plan: currentPlan(plans),
      accommodations: student.accommodations,
      generatedAt: context.now(),
    });
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Length', String(pdf.length));
    // The id, not the name: file names end up in download histories and shared folders.
    res.setHeader('Content-Disposition', `attachment; filename="accommodations-${student.id}.pdf"`);
    res.end(pdf);
  });

  router.post('/api/students', async (req, res) => {
    const userId = requireUser(req);
    const input = studentFormSchema.parse(req.body);
    await assertInLibrary(context, userId, input.accommodationIds);
    const studentId = await newSubjectId(context.eventStore);
    const result = await creatingFor(userId, async () => {
      const allowance = await allowanceOf(context.readStore, userId);
      return handleCommand(
        context,
        studentDecider,
        streamName('student', studentId),
        {
          type: 'AddStudent',
          studentId,
          ownerId: userId,
          details: detailsFrom(input),
          accommodationIds: input.accommodationIds,
          allowance,
        },
        { actor: { userId }, expectedRevision: -1 },
      );
    });
    setEtag(res, result.revision);
    res.status(201).json(await presentStudent(context, await readBack(studentId), userId));
  });

  router.put('/api/students/:id', async (req, res) => {
    const userId = requireUser(req);
    const current = await loadStudentFor(context, userId, idParam(req), 'edit');
    const input = studentFormSchema.parse(req.body);
    const sentIds = typeof req.body === 'object' && req.body !== null && 'accommodationIds' in req.body;
    const stream = streamName('student', current.id);
    // A stale If-Match is merged field by field against what the client saw (save-student-edit.ts).
    const result = await withStale(context, stream, current.id, userId, () =>
      saveStudentEdit(context, {
        studentId: current.id,
        userId,
        expectedRevision: expectedRevisionFrom(req),
        yours: (seen) => ({
          details: detailsForUpdate(req, input, seen.details),
          accommodationIds: sentIds ? input.accommodationIds : seen.accommodationIds,
        }),
        // Only new assignments need to be in the library; existing ones may stay as they are.
        checkNewAssignments: (added) => assertInLibrary(context, userId, added),
      }),
    );
    setEtag(res, result.revision);
    res.json(await presentStudent(context, await readBack(current.id), userId));
  });

  router.delete('/api/students/:id', async (req, res) => {
    const userId = requireUser(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'delete');
    // Gathered before the delete: the read models forget them once the event is projected.
    const erasure = await planStudentErasure(context, student.id);
    const stream = streamName('student', student.id);
    await withStale(context, stream, student.id, userId, () =>
      handleCommand(context, studentDecider, stream, { type: 'DeleteStudent', studentId: student.id }, {
        actor: { userId },
        expectedRevision: expectedRevisionFrom(req),
      }),
    );
    await eraseStudent(context, erasure);
    res.status(204).end();
  });

  return router;
}

function withStale<T>(context: AppContext, stream: string, studentId: string, userId: string, write: () => Promise<T>): Promise<T> {
  return withStaleAsCurrent(context, stream, write, async () => {
    const now = await context.readStore.collection<StudentDoc>(STUDENTS).get(studentId);
    return now ? (await presentStudents(context, [now], userId))[0] ?? null : null;
  });
}
