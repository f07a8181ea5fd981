import { streamName } from '@accommodate/shared-events/events/stream-name';
import { districtDecider } from '@accommodate/shared-events/domain/district/decide-district';
import { schoolDecider } from '@accommodate/shared-events/domain/school/decide-school';
import { staffWithEmail } from '@accommodate/shared-events/domain/school/school';
import { organisationQueries } from '@accommodate/projections/queries/organisation-queries';
import type { AppContext } from '../framework/command-context.ts';
import { handleCommand } from '../framework/handle-command.ts';
import { activateEach } from './pending-shares.ts';

/**
 * Called beside the pending shares once an account has proved the e-mail: every school and district still
 * inviting exactly that address gets the account as staff or admin.
 */
export async function activatePendingStaff(context: AppContext, user: { userId: string; email: string }): Promise<number> {
  const email = user.email.trim().toLowerCase();
  const organisations = organisationQueries(context.readStore);
  const actor = { actor: { userId: user.userId } };
  const staff = (await organisations.schoolsInvitingEmail(email)).flatMap((school) => {
    const member = staffWithEmail(school, email);
    return member ? [{ schoolId: school.id, staffId: member.staffId }] : [];
  });
  const admins = (await organisations.districtsInvitingEmail(email)).flatMap((district) => {
    const admin = Object.values(district.admins).find((each) => each.email === email && each.granteeUserId === null);
    return admin ? [{ districtId: district.id, adminId: admin.adminId }] : [];
  });
  const activatedStaff = await activateEach(
    context,
    staff,
    ({ schoolId, staffId }) =>
      handleCommand(context, schoolDecider, streamName('school', schoolId), { type: 'ActivateStaff', schoolId, staffId, granteeUserId: user.userId }, actor),
    'pending staff member',
  );
  const activatedAdmins = await activateEach(
    context,
    admins,
    ({ districtId, adminId }) =>
      handleCommand(context, districtDecider, streamName('district', districtId), { type: 'ActivateDistrictAdmin', districtId, adminId, granteeUserId: user.userId }, actor),
    'pending district admin',
  );
  return activatedStaff + activatedAdmins;
}
