import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import { staffFormSchema, staffPatchSchema, type StaffMember } from '@accommodate/shared-events/schemas/school';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import { schoolDecider, type SchoolCommand } from '@accommodate/shared-events/domain/school/decide-school';
import { SCHOOL_ROLE_RULES, schoolRoleOf } from '@accommodate/shared-events/domain/school/school-access';
import type { SchoolDoc } from '@accommodate/projections/queries/organisation-queries';
import { personLookup } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { inviteeAtOnce } from '../../shared/verified-invitee.ts';
import { invitationLimit } from '../../shared/invitation-limit.ts';
import { loadSchoolFor } from '../../shared/organisation-access.ts';
import { handOverSchoolStudents } from '../../shared/school-handover.ts';

/** A member by their account's id, or by the invitation's id while it is pending (no account yet). */
function staffIdFor(school: SchoolDoc, req: Request): string {
  const named = String(req.params.userId ?? '');
  const member = Object.values(school.staff).find((each) => each.granteeUserId === named || each.staffId === named);
  if (!member) throw new NotFoundError('Staff member');
  return member.staffId;
}

/** A school's staff: its administrators and the district's admins invite, change roles and remove. */
export function staffRoutes(context: AppContext): Router {
  const router = Router();
  const takeInvitation = invitationLimit(context);
  const decide = (schoolId: string, userId: string, command: SchoolCommand) =>
    handleCommand(context, schoolDecider, streamName('school', schoolId), command, { actor: { userId } });

  router.get('/api/schools/:id/staff', async (req, res) => {
    const userId = requireUser(req);
    const { school, districtAdmin } = await loadSchoolFor(context, userId, idParam(req), 'view-staff');
    const role = schoolRoleOf(school, userId, districtAdmin);
    const seesAddresses = role !== null && SCHOOL_ROLE_RULES[role].has('manage-staff');
    const lookup = personLookup(context.readStore);
    const staff: StaffMember[] = await Promise.all(
      Object.values(school.staff)
        .sort((a, b) => a.staffId.localeCompare(b.staffId))
        .map(async (member) => ({
          staffId: member.staffId,
          userId: member.granteeUserId,
          name: member.granteeUserId === null ? null : (await lookup(member.granteeUserId)).name,
          email: seesAddresses ? member.email : null,
          role: member.role,
          status: member.granteeUserId === null ? ('pending' as const) : ('active' as const),
        })),
    );
    res.json(staff);
  });

  router.post('/api/schools/:id/staff', async (req, res) => {
    const userId = requireUser(req);
    const { school, districtAdmin } = await loadSchoolFor(context, userId, idParam(req), 'manage-staff');
    const { email, role } = staffFormSchema.parse(req.body);
    await takeInvitation(userId);
    const granteeUserId = await inviteeAtOnce(context, userId, email);
    await decide(school.id, userId, { type: 'InviteStaff', schoolId: school.id, userId, districtAdmin, newStaffId: randomUUID(), email, role, granteeUserId });
    // The same answer whether the address has an account or not (as for shares).
    res.status(201).json({ email, role, status: granteeUserId === null ? 'pending' : 'active' });
  });

  router.patch('/api/schools/:id/staff/:userId', async (req, res) => {
    const userId = requireUser(req);
    const { school, districtAdmin } = await loadSchoolFor(context, userId, idParam(req), 'manage-staff');
    const { role } = staffPatchSchema.parse(req.body);
    await decide(school.id, userId, { type: 'ChangeStaffRole', schoolId: school.id, userId, districtAdmin, staffId: staffIdFor(school, req), role });
    res.status(204).end();
  });

  router.delete('/api/schools/:id/staff/:userId', async (req, res) => {
    const userId = requireUser(req);
    const { school, districtAdmin } = await loadSchoolFor(context, userId, idParam(req), 'manage-staff');
    const staffId = staffIdFor(school, req);
    await decide(school.id, userId, { type: 'RemoveStaff', schoolId: school.id, userId, districtAdmin, staffId });
    // What they owned of the school's students passes to the school, after their role ended.
    const leavingUserId = school.staff[staffId]?.granteeUserId;
    if (leavingUserId) await handOverSchoolStudents(context, { userId: leavingUserId, reason: 'left-school', schoolId: school.id }, userId);
    res.status(204).end();
  });

  return router;
}
