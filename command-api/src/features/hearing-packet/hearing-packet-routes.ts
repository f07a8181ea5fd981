import { Router } from 'express';
import { hearingPacketRangeSchema } from '@accommodate/shared-events/schemas/hearing-packet';
import { displayName, gradeLabel } from '@accommodate/shared-events/schemas/student';
import type { AppContext } from '../../framework/command-context.ts';
import { sendPdfAttachment, studentFileName } from '../../http/download-names.ts';
import { timeZoneOf } from '../../http/time-zone.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadStudentFor } from '../../shared/student-access.ts';
import { mayAccess } from '@accommodate/shared-events/domain/access/student-access';
import type { RecordAccess } from '../../shared/record-access.ts';
import { formatMoment } from '../../shared/pdf-document.ts';
import { loadStudentStreams } from '../../shared/student-streams.ts';
import { organisationQueries } from '@accommodate/projections/queries/organisation-queries';
import { personLookup } from '@accommodate/projections/queries/users-queries';
import { caseManagerIdAsOf } from '@accommodate/shared-events/domain/student/student-as-of';
import { namesOnStudent } from '../../shared/share-take-up.ts';
import { acknowledgers } from '@accommodate/shared-events/domain/plan/plan-versions';
import { renderPacket } from './packet-layout.ts';
import { packetAccommodationNames } from './packet-names.ts';
import { packetRange, rangeInWords } from './packet-range.ts';
import type { PacketSource } from './packet-section.ts';
import { PACKET_SECTIONS } from './packet-sections.ts';
import { packetTimeZone, timeZoneInWords } from './packet-time-zone.ts';

/**
 * GET /api/students/:id/hearing-packet.pdf?from=&to=[&tz=]: one PDF of what a hearing officer or the
 * Office for Civil Rights asks for a date range, for the owner and auditors. Its days and times are in the district's
 * time zone, or for a student outside a district in the reader's (`tz`, the browser's). It is an export of the record,
 * so it is in the access log; the student's name is only in the file name and the PDF, never in the URL.
 */
export function hearingPacketRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();

  router.get('/api/students/:id/hearing-packet.pdf', async (req, res) => {
    const userId = requireUser(req);
    const readerZone = timeZoneOf(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'export-hearing-packet');
    const organisation = organisationQueries(context.readStore);
    const school = student.schoolId ? await organisation.schoolById(student.schoolId) : null;
    const district = school ? await organisation.districtById(school.districtId) : null;
    const zone = packetTimeZone(district, readerZone);
    const { timeZone } = zone;
    const range = packetRange(hearingPacketRangeSchema.parse({ from: req.query.from, to: req.query.to }), timeZone);
    const streams = await loadStudentStreams(context, student.id);
    const caseManagerId = caseManagerIdAsOf(streams.student, range.end);
    const source: PacketSource = {
      context,
      student,
      range,
      streams,
      accommodationName: await packetAccommodationNames(context, student, streams, range.end),
      caseManagerName: caseManagerId ? (await personLookup(context.readStore)(caseManagerId)).name : null,
      school: school?.name ?? null,
      district: district?.name ?? null,
      seesPlanRecord: mayAccess(student, userId, 'see-plan-record', context.now()),
      moment: (iso) => formatMoment(iso, timeZone, false),
      personName: await namesOnStudent(context, student.id, userId, personLookup(context.readStore), acknowledgers(streams.plans.flat())),
    };
    const parts = [];
    for (const section of PACKET_SECTIONS) parts.push({ title: section.title, blocks: await section.blocks(source) });
    const pdf = await renderPacket({
      title: 'Hearing packet',
      lines: [`${displayName(student)}, ${gradeLabel(student.grade)}`, ...[source.school, source.district].filter((name): name is string => name !== null), rangeInWords(range), timeZoneInWords(zone)],
      parts,
    });
    await recordAccess(req, { studentId: student.id, userId, action: 'export', what: 'Hearing packet (PDF)' });
    sendPdfAttachment(res, pdf, studentFileName(student, 'hearing packet', 'pdf', context.now(), timeZone));
  });

  return router;
}
