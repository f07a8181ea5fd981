import { Router } from 'express';
import { studentFormSchema } from '@accommodate/shared-events/schemas/student';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import { visibleUntil } from '@accommodate/shared-events/domain/access/student-access';
import { currentPlan } from '@accommodate/shared-events/domain/plan/current-plan';
import { planLocksAccommodations } from '@accommodate/shared-events/schemas/plan-version';
import { withSpecifics } from '@accommodate/shared-events/domain/plan/accommodation-specifics';
import { studentDecider, type StudentCommand, type StudentPlacement } from '@accommodate/shared-events/domain/student/decide-student';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import { caseloadProjection } from '@accommodate/projections/definitions/caseload-projection';
import { usersProjection } from '@accommodate/projections/definitions/users-projection';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { createReadModelCache, readModelVersion } from '../../framework/read-model-cache.ts';
import { newSubjectId } from '../../framework/new-subject-id.ts';
import { expectedRevisionFrom, setEtag } from '../../http/concurrency.ts';
import { idParam, idQuery } from '../../http/route-params.ts';
import { acceptsGzip, sendEncodedJson } from '../../http/encoded-answers.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadStudentFor } from '../../shared/student-access.ts';
import { loadSchoolFor } from '../../shared/organisation-access.ts';
import { classStudentsVisibleTo } from '../../shared/class-access.ts';
import { presentStudent, presentStudents, toStudentListItem } from '../../shared/student-views.ts';
import { eraseStudent, planStudentErasure } from '../../shared/student-erasure.ts';
import { assertInLibrary } from '../../shared/accommodation-choice.ts';
import { renderAccommodationsPdf } from './accommodations-pdf.ts';
import { attachmentDisposition, studentFileName } from '../../http/download-names.ts';
import { timeZoneOf } from '../../http/time-zone.ts';
import { detailsForUpdate, detailsFrom, sentAccommodationIds } from './student-form.ts';
import { allowanceOf, oneAtATimePerUser } from './student-creation.ts';
import { studentEdit } from './student-edit.ts';

/** About 150 teachers' full caseloads (≈ 100 KB each); least recently read go first. */
const STUDENT_LIST_CACHE_BYTES = 16 * 1024 * 1024;

const byName = (a: StudentDoc, b: StudentDoc) =>
  a.firstName.localeCompare(b.firstName) || a.lastInitial.localeCompare(b.lastInitial) || a.id.localeCompare(b.id);

export function studentRoutes(context: AppContext): Router {
  const router = Router();
  const creatingFor = oneAtATimePerUser();
  const caseload = caseloadQueries(context.readStore);

  const readBack = async (studentId: string) => {
    const student = await caseload.studentById(studentId);
    if (!student) throw new NotFoundError('Student');
    return student;
  };
  /** For a 412: the student as the user now sees it, to merge against. */
  const currentFor = (studentId: string, userId: string) => async () => {
    const now = await caseload.studentById(studentId);
    return now ? (await presentStudents(context, [now], userId))[0] ?? null : null;
  };

  // The list is read far more often than it changes (every poke refetches it), and building it costs
  // milliseconds for a full caseload: it is kept serialised per user until a commit to the students or
  // users read models, or the end of one of the user's shares, may change it.
  const studentLists = createReadModelCache(readModelVersion(context.readStore, [caseloadProjection.name, usersProjection.name]), {
    maxBytes: STUDENT_LIST_CACHE_BYTES,
  });

  router.get('/api/students', async (req, res) => {
    const userId = requireUser(req);
    const classId = idQuery(req, 'classId');
    const schoolId = idQuery(req, 'schoolId');
    // One school's students: the school must be one the user works at or whose district they administer
    // (else 404); its students, those the user may view: all of them for its coordinators and admins.
    if (schoolId !== undefined) await loadSchoolFor(context, userId, schoolId, 'view-staff');
    // One class's students: the class must be one the user teaches; its students, those the user may view.
    // The rows are the list's, kept as the whole list is.
    const [key, studentsFor] =
      classId !== undefined
        ? [`${userId}:class:${classId}`, (now: Date) => classStudentsVisibleTo(context, userId, classId, now)]
        : schoolId !== undefined
          ? [`${userId}:school:${schoolId}`, (now: Date) => caseload.studentsOfSchoolVisibleTo(schoolId, userId, now)]
          : [userId, (now: Date) => caseload.studentsVisibleTo(userId, now)];
    const build = async (now: Date) => {
      const docs = (await studentsFor(now)).sort(byName);
      const students = await presentStudents({ readStore: context.readStore, now: () => now }, docs, userId);
      return { body: Buffer.from(JSON.stringify(students.map(toStudentListItem))), until: visibleUntil(docs, userId, now) };
    };
    // Gzip-compressed, once per kept list: a school's 2,500 students are ≈ 1 MB of JSON.
    sendEncodedJson(res, await studentLists.answerEncoded(key, context.now(), build, req.readStamp, acceptsGzip(req)));
  });

  // Before /api/students/:id, so that "accommodations" is never taken for an id.
  router.get('/api/students/accommodations/all', async (req, res) => {
    const userId = requireUser(req);
    const byStudent: Record<string, StudentDoc['accommodations']> = {};
    for (const student of await caseload.studentsVisibleTo(userId, context.now())) byStudent[student.id] = student.accommodations;
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
    // Each with the current plan's specifics: teachers carry them out, so everyone who views reads them.
    res.json(withSpecifics(student.accommodations, currentPlan(await caseload.plansOfStudent(student.id))?.record?.specifics));
  });

  router.get('/api/students/:id/accommodations.pdf', async (req, res) => {
    const timeZone = timeZoneOf(req);
    const student = await loadStudentFor(context, requireUser(req), idParam(req), 'view');
    const pdf = await renderAccommodationsPdf({
      student,
      plan: currentPlan(await caseload.plansOfStudent(student.id)),
      accommodations: student.accommodations,
      generatedAt: context.now(),
    });
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Length', String(pdf.length));
    res.setHeader('Content-Disposition', attachmentDisposition(studentFileName(student, 'accommodations', 'pdf', context.now(), timeZone)));
    res.end(pdf);
  });

  router.post('/api/students', async (req, res) => {
    const userId = requireUser(req);
    const input = studentFormSchema.parse(req.body);
    await assertInLibrary(context, userId, input.accommodationIds);
    // Writing a student into a school needs a role there; a school's students have no limit.
    const schoolId = input.schoolId ?? null;
    if (schoolId !== null) await loadSchoolFor(context, userId, schoolId, 'add-students');
    const studentId = await newSubjectId(context.eventStore);
    const result = await creatingFor(userId, async () => {
      const placement: StudentPlacement = schoolId === null ? { allowance: await allowanceOf(context.readStore, userId) } : { schoolId };
      const command: StudentCommand = { type: 'AddStudent', studentId, ownerId: userId, details: detailsFrom(input), accommodationIds: input.accommodationIds, ...placement };
      return handleCommand(context, studentDecider, streamName('student', studentId), command, { actor: { userId }, expectedRevision: -1 });
    });
    setEtag(res, result.revision);
    res.status(201).json(await presentStudent(context, await readBack(studentId), userId));
  });

  router.put('/api/students/:id', async (req, res) => {
    const userId = requireUser(req);
    const current = await loadStudentFor(context, userId, idParam(req), 'edit');
    const input = studentFormSchema.parse(req.body);
    const expectedRevision = expectedRevisionFrom(req);
    // A stale If-Match is merged field by field against what the client saw (student-edit.ts).
    const edit = studentEdit(context, {
      studentId: current.id,
      userId,
      expectedRevision,
      yours: (seen) => ({
        details: detailsForUpdate(req, input, seen.details),
        accommodationIds: sentAccommodationIds(req) ? input.accommodationIds : seen.accommodationIds,
      }),
      checkNewAssignments: (added) => assertInLibrary(context, userId, added),
      accommodationsLocked: (await caseload.plansOfStudent(current.id)).some(planLocksAccommodations),
    });
    const result = await handleCommand(context, studentDecider, streamName('student', current.id), edit, {
      actor: { userId },
      expectedRevision,
      currentOnStale: currentFor(current.id, userId),
    });
    setEtag(res, result.revision);
    res.json(await presentStudent(context, await readBack(current.id), userId));
  });

  router.delete('/api/students/:id', async (req, res) => {
    const userId = requireUser(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'delete');
    // Gathered before the delete: the read models forget them once the event is projected.
    const erasure = await planStudentErasure(context, student.id);
    await handleCommand(context, studentDecider, streamName('student', student.id), { type: 'DeleteStudent', studentId: student.id }, {
      actor: { userId },
      expectedRevision: expectedRevisionFrom(req),
      currentOnStale: currentFor(student.id, userId),
    });
    await eraseStudent(context, erasure);
    res.status(204).end();
  });

  return router;
}
