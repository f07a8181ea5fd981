import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { districtAdminFormSchema, districtFormSchema, schoolFormSchema, type District, type MySchool, type School } from '@accommodate/shared-events/schemas/school';
import { staffRoleOf } from '@accommodate/shared-events/domain/school/school';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { ForbiddenError } from '@accommodate/shared-events/domain/errors';
import { districtDecider } from '@accommodate/shared-events/domain/district/decide-district';
import { schoolDecider } from '@accommodate/shared-events/domain/school/decide-school';
import { organisationQueries, type DistrictDoc, type SchoolDoc } from '@accommodate/projections/queries/organisation-queries';
import { SCHOOLS } from '@accommodate/projections/queries/organisation-schema';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { classQueries } from '@accommodate/projections/queries/class-queries';
import { caseloadProjection } from '@accommodate/projections/definitions/caseload-projection';
import { createReadModelCache, readModelVersion } from '../../framework/read-model-cache.ts';
import { acceptsGzip, sendEncodedJson } from '../../http/encoded-answers.ts';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { newSubjectId } from '../../framework/new-subject-id.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadDistrictFor, loadSchoolFor } from '../../shared/organisation-access.ts';
import { inviteeAtOnce } from '../../shared/verified-invitee.ts';
import { invitationLimit } from '../../shared/invitation-limit.ts';

export const DISTRICT_SIGNUP_CLOSED = 'Districts are set up by the operator of this installation. Contact Sales to add yours.';

const toDistrict = ({ id, name }: DistrictDoc): District => ({ id, name });
const toSchool = ({ id, name, districtId }: SchoolDoc): School => ({ id, name, districtId });
const byName = <T extends { name: string; id: string }>(a: T, b: T) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
/** A district's list of schools is a few KB; a thousand districts' fit. */
const SCHOOL_LISTS_CACHE_BYTES = 4 * 1024 * 1024;

/** Districts and their schools: a district admin creates schools and adds admins. */
export function districtRoutes(context: AppContext): Router {
  const router = Router();
  const takeInvitation = invitationLimit(context);
  const organisations = organisationQueries(context.readStore);
  // A school's document carries its whole staff (an imported school's thousands of teachers), which the list leaves out:
  // reading the district's every time cost ≈ 1.5 ms a request during a roster import. Kept until a
  // school changes; the caller's access to the district is checked on every request, before.
  const schoolLists = createReadModelCache(readModelVersion(context.readStore, [{ projection: caseloadProjection.name, collections: [SCHOOLS] }]), {
    maxBytes: SCHOOL_LISTS_CACHE_BYTES,
  });

  router.get('/api/districts', async (req, res) => {
    const userId = requireUser(req);
    res.json((await organisations.districtsAdministeredBy(userId)).sort(byName).map(toDistrict));
  });

  router.post('/api/districts', async (req, res) => {
    const userId = requireUser(req);
    if (context.config.districtSignup === 'closed') throw new ForbiddenError(DISTRICT_SIGNUP_CLOSED);
    const { name } = districtFormSchema.parse(req.body);
    // The district's id is the subject whose key seals its admins' addresses.
    const districtId = await newSubjectId(context.eventStore);
    await handleCommand(context, districtDecider, streamName('district', districtId), { type: 'CreateDistrict', districtId, name, userId }, {
      actor: { userId },
      expectedRevision: -1,
    });
    res.status(201).json({ id: districtId, name });
  });

  // The schools the user works at, and those of the districts they administer: the student form's choice
  // of school and the school screens start here.
  router.get('/api/schools', async (req, res) => {
    const userId = requireUser(req);
    const mine = new Map<string, MySchool>();
    for (const district of await organisations.districtsAdministeredBy(userId)) {
      for (const school of await organisations.schoolsOfDistrict(district.id)) mine.set(school.id, { ...toSchool(school), role: 'district-admin' });
    }
    for (const school of await organisations.schoolsWithStaff(userId)) {
      const role = staffRoleOf(school, userId);
      if (role !== null && !mine.has(school.id)) mine.set(school.id, { ...toSchool(school), role });
    }
    res.json([...mine.values()].sort(byName));
  });

  router.get('/api/districts/:id', async (req, res) => {
    res.json(toDistrict(await loadDistrictFor(context, requireUser(req), idParam(req))));
  });

  router.post('/api/districts/:id/admins', async (req, res) => {
    const userId = requireUser(req);
    const district = await loadDistrictFor(context, userId, idParam(req));
    const { email } = districtAdminFormSchema.parse(req.body);
    await takeInvitation(userId);
    const granteeUserId = await inviteeAtOnce(context, userId, email);
    const command = { type: 'InviteDistrictAdmin' as const, districtId: district.id, userId, newAdminId: randomUUID(), email, granteeUserId };
    await handleCommand(context, districtDecider, streamName('district', district.id), command, { actor: { userId } });
    // The same answer whether the address has an account or not (as for shares).
    res.status(201).json({ email, status: granteeUserId === null ? 'pending' : 'active' });
  });

  router.get('/api/districts/:id/schools', async (req, res) => {
    const district = await loadDistrictFor(context, requireUser(req), idParam(req));
    const build = async () => ({ body: Buffer.from(JSON.stringify((await organisations.schoolsOfDistrict(district.id)).sort(byName).map(toSchool))), until: Infinity });
    sendEncodedJson(res, await schoolLists.answerEncoded(district.id, context.now(), build, req.readStamp, acceptsGzip(req)));
  });

  router.post('/api/districts/:id/schools', async (req, res) => {
    const userId = requireUser(req);
    const district = await loadDistrictFor(context, userId, idParam(req));
    const { name } = schoolFormSchema.parse(req.body);
    const schoolId = await newSubjectId(context.eventStore);
    await handleCommand(context, schoolDecider, streamName('school', schoolId), { type: 'CreateSchool', schoolId, districtId: district.id, name }, {
      actor: { userId },
      expectedRevision: -1,
    });
    res.status(201).json({ id: schoolId, name, districtId: district.id });
  });

  // A new name: a typo mended, a school renamed by its board. The roster import renames a school the SIS renamed.
  router.patch('/api/schools/:id', async (req, res) => {
    const userId = requireUser(req);
    const { school, districtAdmin } = await loadSchoolFor(context, userId, idParam(req), 'rename');
    const { name } = schoolFormSchema.parse(req.body);
    await handleCommand(context, schoolDecider, streamName('school', school.id), { type: 'RenameSchool', schoolId: school.id, userId, districtAdmin, name }, { actor: { userId } });
    res.json(toSchool({ ...school, name }));
  });

  // An empty school (made by mistake, or twice before an import matched it) goes; 409 while anything is in it.
  router.delete('/api/schools/:id', async (req, res) => {
    const userId = requireUser(req);
    const { school, districtAdmin } = await loadSchoolFor(context, userId, idParam(req), 'rename');
    const hasStudents = (await caseloadQueries(context.readStore).studentsOfSchool(school.id)).length > 0;
    const hasClasses = (await classQueries(context.readStore).classesOfSchool(school.id)).length > 0;
    await handleCommand(context, schoolDecider, streamName('school', school.id), { type: 'DeleteSchool', schoolId: school.id, userId, districtAdmin, hasStudents, hasClasses }, { actor: { userId } });
    res.status(204).end();
  });

  return router;
}
