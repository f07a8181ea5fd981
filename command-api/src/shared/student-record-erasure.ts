import { streamName } from '@accommodate/shared-events/events/stream-name';
import { studentDecider } from '@accommodate/shared-events/domain/student/decide-student';
import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import type { Actor } from '@accommodate/shared-events/events/envelope';
import type { AppContext } from '../framework/command-context.ts';
import { handleCommand } from '../framework/handle-command.ts';
import { eraseStudent, planStudentErasure, type ErasureOptions } from './student-erasure.ts';

/**
 * Erases one student as a manual delete does (StudentDeleted by `actor`, then the crypto-shredding erasure), for the
 * retention job and a district leaving the product. The decider refuses a record on legal hold. Returns whether this
 * call erased it (false: it was gone already).
 */
export async function eraseStudentRecord(context: AppContext, studentId: string, actor: Actor, options: ErasureOptions = {}): Promise<boolean> {
  // Gathered before the delete: the read models forget them once the event is projected.
  const erasure = await planStudentErasure(context, studentId);
  try {
    await handleCommand(context, studentDecider, streamName('student', studentId), { type: 'DeleteStudent', studentId }, { actor });
  } catch (error) {
    // Deleted meanwhile (a manual delete, a second run of the job): nothing left to do here.
    if (error instanceof NotFoundError) return false;
    throw error;
  }
  await eraseStudent(context, erasure, options);
  return true;
}
