import { Router } from 'express';
import { confirmsErasure, districtDecider, ERASE_CONFIRMATION } from '@accommodate/shared-events/domain/district/decide-district';
import { IllegalStateError, ValidationError } from '@accommodate/shared-events/domain/errors';
import { canForgetSubjects } from '@accommodate/shared-events/event-store/shredding-event-store';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { districtErasureFormSchema, type DistrictErasureOutcome } from '@accommodate/shared-events/schemas/retention';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { organisationQueries } from '@accommodate/projections/queries/organisation-queries';
import { retentionQueries } from '@accommodate/projections/queries/retention-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadDistrictFor } from '../../shared/organisation-access.ts';
import { eraseStudentRecord } from '../../shared/student-record-erasure.ts';
import { truncateReadModelWal } from '../../shared/embedded-files.ts';

export const HELD_RECORDS_BLOCK_ERASURE = (count: number) =>
  `${count} record${count === 1 ? ' is' : 's are'} on legal hold: lift the hold${count === 1 ? '' : 's'} before erasing the district`;

/**
 * Leaving the product (issue 23): POST /api/districts/:id/erase {confirmName}, the district's name typed. Every
 * student of its schools is erased as a manual delete is (StudentDeleted, then the crypto-shredding erasure); then
 * DistrictErased drops its schools and staff roles from the read models, and the district's and schools' keys are
 * destroyed, so the invited admins' and staff's addresses in the log read '[erased]'. What stays is the receipts:
 * each StudentDeleted and DistrictErased, with counts and no personal data. Refused while a record is on legal hold.
 */
export function districtErasureRoutes(context: AppContext): Router {
  const router = Router();

  router.post('/api/districts/:id/erase', async (req, res) => {
    const userId = requireUser(req);
    const district = await loadDistrictFor(context, userId, idParam(req));
    const { confirmName } = districtErasureFormSchema.parse(req.body ?? {});
    if (!confirmsErasure(district, confirmName)) throw ValidationError.onField('confirmName', ERASE_CONFIRMATION);
    if (!canForgetSubjects(context.eventStore)) throw new Error('This event store cannot erase personal data');

    const now = context.now();
    const schools = await organisationQueries(context.readStore).schoolsOfDistrict(district.id);
    const caseload = caseloadQueries(context.readStore);
    const studentIds = (await Promise.all(schools.map((school) => caseload.studentsOfSchoolVisibleTo(school.id, userId, now)))).flat().map((student) => student.id);
    const retention = retentionQueries(context.readStore);
    const held = (await Promise.all(studentIds.map((id) => retention.studentById(id)))).filter((doc) => doc?.hold != null).length;
    if (held > 0) throw new IllegalStateError(HELD_RECORDS_BLOCK_ERASURE(held));

    let studentsErased = 0;
    for (const studentId of studentIds) if (await eraseStudentRecord(context, studentId, { userId })) studentsErased += 1;
    const schoolIds = schools.map((school) => school.id);
    await handleCommand(context, districtDecider, streamName('district', district.id), { type: 'EraseDistrict', districtId: district.id, userId, confirmName, studentsErased, schoolIds }, { actor: { userId } });
    for (const subjectId of [...schoolIds, district.id]) await context.eventStore.forgetSubject(subjectId);
    await truncateReadModelWal(context.readStore);
    res.json({ studentsErased } satisfies DistrictErasureOutcome);
  });

  return router;
}
