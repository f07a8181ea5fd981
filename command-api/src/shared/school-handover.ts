import { streamName } from '@accommodate/shared-events/events/stream-name';
import { studentDecider } from '@accommodate/shared-events/domain/student/decide-student';
import { handOverSchoolStudents as handOver } from '@accommodate/workers/schools/school-handover';
import type { AppContext } from '../framework/command-context.ts';
import { handleCommand } from '../framework/handle-command.ts';

/**
 * The school hand-over (workers/src/schools/school-handover.ts, shared with the roster import) written through the
 * API's one write path, so that the caller's next read sees the students with their new owners.
 */
export const handOverSchoolStudents = (context: AppContext, leaving: Parameters<typeof handOver>[1], actorId: string): Promise<number> =>
  handOver(
    {
      readStore: context.readStore,
      handOver: (command, userId) => handleCommand(context, studentDecider, streamName('student', command.studentId), command, { actor: { userId } }),
    },
    leaving,
    actorId,
  );
