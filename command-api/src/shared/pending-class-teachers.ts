import { streamName } from '@accommodate/shared-events/events/stream-name';
import { classDecider } from '@accommodate/shared-events/domain/class/decide-class';
import { teacherForEmail } from '@accommodate/shared-events/domain/class/class';
import { classQueries } from '@accommodate/projections/queries/class-queries';
import type { AppContext } from '../framework/command-context.ts';
import { handleCommand } from '../framework/handle-command.ts';
import { activateEach } from './pending-shares.ts';

/** Called beside the pending shares once an account has proved the e-mail: every class still inviting exactly that address gets the account as a teacher. */
export async function activatePendingClassTeachers(context: AppContext, user: { userId: string; email: string }): Promise<number> {
  const email = user.email.trim().toLowerCase();
  const invitations = (await classQueries(context.readStore).classesInvitingEmail(email)).flatMap((schoolClass) => {
    const teacher = teacherForEmail(schoolClass, email);
    return teacher ? [{ classId: schoolClass.id, teacherId: teacher.teacherId }] : [];
  });
  return activateEach(
    context,
    invitations,
    ({ classId, teacherId }) =>
      handleCommand(
        context,
        classDecider,
        streamName('class', classId),
        { type: 'ActivateClassTeacher', classId, teacherId, granteeUserId: user.userId },
        { actor: { userId: user.userId } },
      ),
    'pending class teacher',
  );
}
