import type { SchoolClass } from '@accommodate/shared-events/schemas/class';
import { classRoleOf } from '@accommodate/shared-events/domain/class/class-access';
import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import type { ClassDoc } from '@accommodate/projections/queries/caseload-schema';
import type { personLookup } from '@accommodate/projections/queries/users-queries';

/** The API shape of a class for one teacher: the invitations' addresses are for its owner only. */
export async function toClass(doc: ClassDoc, userId: string, lookup: ReturnType<typeof personLookup>): Promise<SchoolClass> {
  const access = classRoleOf(doc, userId);
  if (access === null) throw new NotFoundError('Class');
  const teachers = await Promise.all(
    Object.values(doc.teachers)
      .sort((a, b) => a.teacherId.localeCompare(b.teacherId))
      .map(async (teacher) => ({
        id: teacher.teacherId,
        userId: teacher.granteeUserId,
        name: teacher.granteeUserId === null ? null : (await lookup(teacher.granteeUserId)).name,
        email: access === 'owner' ? teacher.email : null,
        status: teacher.status,
      })),
  );
  const { id, name, period, subject, room, schoolId, status, studentIds, createdAt, updatedAt, revision } = doc;
  // A document folded before classes had terms has neither date.
  const term = { termStart: doc.termStart ?? null, termEnd: doc.termEnd ?? null };
  const owner = await lookup(doc.ownerId);
  return { id, name, period, subject, room, ...term, schoolId, status, access, owner, studentIds, teachers, createdAt, updatedAt, revision };
}
