import { Router } from 'express';
import { caseManagerFormSchema, transferFormSchema } from '@accommodate/shared-events/schemas/school';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { studentDecider, type StudentCommand } from '@accommodate/shared-events/domain/student/decide-student';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { organisationQueries } from '@accommodate/projections/queries/organisation-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { expectedRevisionFrom, setEtag } from '../../http/concurrency.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadStudentFor } from '../../shared/student-access.ts';
import { loadSchoolFor } from '../../shared/organisation-access.ts';
import { presentStudents } from '../../shared/student-views.ts';

/**
 * The school's decisions on a student: its case manager and its school. Both are 'manage-school' on the
 * student: its school's coordinators and administrators, its district's admins, and its owner.
 */
export function studentSchoolRoutes(context: AppContext): Router {
  const router = Router();
  const caseload = caseloadQueries(context.readStore);
  const organisations = organisationQueries(context.readStore);

  const decide = async (userId: string, studentId: string, command: StudentCommand, expectedRevision: number | undefined) => {
    const result = await handleCommand(context, studentDecider, streamName('student', studentId), command, { actor: { userId }, expectedRevision });
    // The student as the user sees it now; null when the change took it out of their reach.
    const student = await caseload.studentById(studentId);
    return { revision: result.revision, student: student === null ? null : ((await presentStudents(context, [student], userId))[0] ?? null) };
  };

  router.put('/api/students/:id/case-manager', async (req, res) => {
    const userId = requireUser(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'manage-school');
    const { userId: caseManagerId } = caseManagerFormSchema.parse(req.body);
    const school = student.schoolId ? await organisations.schoolById(student.schoolId) : null;
    const isStaff = caseManagerId !== null && (school?.staffUserIds.includes(caseManagerId) ?? false);
    const command = { type: 'AssignCaseManager' as const, studentId: student.id, caseManagerId, userId, isStaff };
    const { revision, student: after } = await decide(userId, student.id, command, expectedRevisionFrom(req));
    setEtag(res, revision);
    res.json(after);
  });

  router.post('/api/students/:id/transfer', async (req, res) => {
    const userId = requireUser(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'manage-school');
    const { schoolId } = transferFormSchema.parse(req.body);
    // The user must be able to write students into the school it goes to: staff there, or its district's admin.
    const { school: target } = await loadSchoolFor(context, userId, schoolId, 'add-students');
    const current = student.schoolId ? await organisations.schoolById(student.schoolId) : null;
    const command = { type: 'MoveToSchool' as const, studentId: student.id, schoolId: target.id, userId, sameDistrict: current?.districtId === target.districtId };
    const { revision, student: after } = await decide(userId, student.id, command, expectedRevisionFrom(req));
    setEtag(res, revision);
    res.json(after);
  });

  return router;
}
