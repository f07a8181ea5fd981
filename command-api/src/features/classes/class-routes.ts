import { randomUUID } from 'node:crypto';
import { Router, type Response } from 'express';
import { classFormSchema, classPatchSchema, classTeacherFormSchema, enrolmentFormSchema } from '@accommodate/shared-events/schemas/class';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import { classDecider, type ClassCommand } from '@accommodate/shared-events/domain/class/decide-class';
import { inDayOrder } from '@accommodate/shared-events/domain/class/day-order';
import { classQueries } from '@accommodate/projections/queries/class-queries';
import { personLookup } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { newSubjectId } from '../../framework/new-subject-id.ts';
import { expectedRevisionFrom, setEtag } from '../../http/concurrency.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { enrolledVisibleTo, loadClassFor, loadClassRosterFor } from '../../shared/class-access.ts';
import { inviteeAtOnce } from '../../shared/verified-invitee.ts';
import { invitationLimit } from '../../shared/invitation-limit.ts';
import { allowedAtSchool, loadSchoolFor } from '../../shared/organisation-access.ts';
import { loadStudentFor } from '../../shared/student-access.ts';
import { rosterAnswer, toClass } from './class-views.ts';
import { throughClassIf, type RecordAccess } from '../../shared/record-access.ts';
import { roleOn } from '@accommodate/shared-events/domain/access/student-access';
import { createReadModelCache, readModelVersion } from '../../framework/read-model-cache.ts';
import { caseloadProjection } from '@accommodate/projections/definitions/caseload-projection';
import { usersProjection } from '@accommodate/projections/definitions/users-projection';

/** A roster of 40 students, or a teacher's list of classes, is about 10 KB: some 400 of them. */
const ROSTER_CACHE_BYTES = 4 * 1024 * 1024;

/** Classes: a teacher's sections, their enrolment and their co-teachers. */
export function classRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();
  const takeInvitation = invitationLimit(context);
  const classes = classQueries(context.readStore);
  const rosters = createReadModelCache(readModelVersion(context.readStore, [caseloadProjection.name]), { maxBytes: ROSTER_CACHE_BYTES });
  // The class list names the teachers: kept until the caseload (the classes) or the users (a rename) change.
  const classLists = createReadModelCache(readModelVersion(context.readStore, [caseloadProjection.name, usersProjection.name]), { maxBytes: ROSTER_CACHE_BYTES });

  /** The class as the user now reads it, with its ETag. */
  const answer = async (res: Response, classId: string, userId: string, status = 200) => {
    const found = await classes.classById(classId);
    if (!found) throw new NotFoundError('Class');
    setEtag(res, found.revision);
    res.status(status).json(await toClass(found, userId, personLookup(context.readStore)));
  };
  const decide = (classId: string, userId: string, command: ClassCommand, expectedRevision?: number) =>
    handleCommand(context, classDecider, streamName('class', classId), command, { actor: { userId }, expectedRevision });

  router.get('/api/classes', async (req, res) => {
    const userId = requireUser(req);
    const body = await classLists.answer(userId, context.now(), async () => {
      const lookup = personLookup(context.readStore);
      const taught = (await classes.classesTaughtBy(userId)).sort(inDayOrder);
      return { body: Buffer.from(JSON.stringify(await Promise.all(taught.map((doc) => toClass(doc, userId, lookup))))), until: Infinity };
    }, req.readStamp);
    res.type('application/json').send(body);
  });

  router.post('/api/classes', async (req, res) => {
    const userId = requireUser(req);
    const { schoolId, ...details } = classFormSchema.parse(req.body);
    // A class of a school is the school's: only its staff and its district's admins make one there, as for students.
    if (schoolId) await loadSchoolFor(context, userId, schoolId, 'add-classes');
    // The class's id is the subject whose key seals its invitations' addresses.
    const classId = await newSubjectId(context.eventStore);
    await decide(classId, userId, { type: 'CreateClass', classId, ownerId: userId, schoolId: schoolId ?? null, details }, -1);
    await answer(res, classId, userId, 201);
  });

  router.get('/api/classes/:id', async (req, res) => {
    const userId = requireUser(req);
    const found = await loadClassFor(context, userId, idParam(req), 'read');
    setEtag(res, found.revision);
    res.json(await toClass(found, userId, personLookup(context.readStore)));
  });

  // Every teacher of a class reads its roster at each poke: kept serialised per teacher and class until a commit to
  // the caseload (its students, plans, shares or the class) or the end of a share may change it, as the students list is.
  router.get('/api/classes/:id/roster', async (req, res) => {
    const userId = requireUser(req);
    const classId = idParam(req);
    const body = await rosters.answer(`${userId}:${classId}`, context.now(), async (now) => {
      const found = await loadClassRosterFor(context, userId, classId);
      return rosterAnswer({ readStore: context.readStore, now: () => now }, found, userId);
    }, req.readStamp);
    res.type('application/json').send(body);
  });

  // The UI calls this just before window.print(): the printed roster discloses each student on it (34 CFR 99.32), so
  // each one's access log gets the print. The students are the roster's, worked out here, never taken from the client.
  router.post('/api/classes/:id/roster/print', async (req, res) => {
    const userId = requireUser(req);
    const found = await loadClassRosterFor(context, userId, idParam(req));
    const now = context.now();
    for (const student of await enrolledVisibleTo(context, found, userId, now)) {
      const what = throughClassIf(roleOn(student, userId, now)?.role, 'Class roster (printed)');
      await recordAccess(req, { studentId: student.id, userId, action: 'print', what });
    }
    res.status(204).end();
  });

  router.patch('/api/classes/:id', async (req, res) => {
    const userId = requireUser(req);
    const found = await loadClassFor(context, userId, idParam(req), 'manage');
    const details = classPatchSchema.parse(req.body);
    await decide(found.id, userId, { type: 'UpdateClass', classId: found.id, userId, details }, expectedRevisionFrom(req));
    await answer(res, found.id, userId);
  });

  // Archives: the history stays, the teachers lose the students it gave them.
  router.delete('/api/classes/:id', async (req, res) => {
    const userId = requireUser(req);
    const found = await loadClassFor(context, userId, idParam(req), 'manage');
    await decide(found.id, userId, { type: 'ArchiveClass', classId: found.id, userId }, expectedRevisionFrom(req));
    res.status(204).end();
  });

  // Enrolling gives the class's teachers the student, so each newly enrolled student must be one the user may
  // change (its owner or a co-teacher); every one is checked before anything is written.
  router.put('/api/classes/:id/students', async (req, res) => {
    const userId = requireUser(req);
    const found = await loadClassFor(context, userId, idParam(req), 'manage');
    const { studentIds } = enrolmentFormSchema.parse(req.body);
    for (const studentId of new Set(studentIds)) {
      if (!found.studentIds.includes(studentId)) await loadStudentFor(context, userId, studentId, 'edit');
    }
    await decide(found.id, userId, { type: 'SetEnrolment', classId: found.id, userId, studentIds }, expectedRevisionFrom(req));
    await answer(res, found.id, userId);
  });

  router.post('/api/classes/:id/teachers', async (req, res) => {
    const userId = requireUser(req);
    const found = await loadClassFor(context, userId, idParam(req), 'manage');
    const { email } = classTeacherFormSchema.parse(req.body);
    // The invitation waits, pending, for every address but the inviter's own, so the answer looks the same whether or
    // not the address has an account; the invitee takes it up by signing in.
    await takeInvitation(userId);
    const granteeUserId = await inviteeAtOnce(context, userId, email);
    const command: ClassCommand = { type: 'InviteClassTeacher', classId: found.id, userId, newTeacherId: randomUUID(), email, granteeUserId };
    await decide(found.id, userId, command);
    await answer(res, found.id, userId, 201);
  });

  // The owner, or the school's coordinators and administrators and the district's admins (who may not teach it): the
  // teacher loses the students the class gave them. `:teacherId` is the invitation's id, or the teacher's account id.
  router.delete('/api/classes/:id/teachers/:teacherId', async (req, res) => {
    const userId = requireUser(req);
    const classId = idParam(req);
    const found = await classes.classById(classId);
    const overseesSchool = found !== null && (await allowedAtSchool(context, userId, found.schoolId, 'remove-class-teachers'));
    const named = idParam(req, 'teacherId');
    const teacher = Object.values(found?.teachers ?? {}).find((each) => each.teacherId === named || each.granteeUserId === named);
    const command: ClassCommand = { type: 'RemoveClassTeacher', classId, userId, teacherId: teacher?.teacherId ?? named, overseesSchool };
    await decide(classId, userId, command, expectedRevisionFrom(req));
    res.status(204).end();
  });

  return router;
}
