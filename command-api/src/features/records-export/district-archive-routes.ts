import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { ZipFile } from 'yazl';
import { displayName } from '@accommodate/shared-events/schemas/student';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { organisationQueries, type DistrictDoc } from '@accommodate/projections/queries/organisation-queries';
import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import type { AppContext } from '../../framework/command-context.ts';
import { attachmentDisposition, calendarDay, pathSegmentSafe } from '../../http/download-names.ts';
import { timeZoneOf } from '../../http/time-zone.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadDistrictFor } from '../../shared/organisation-access.ts';
import type { RecordAccess } from '../../shared/record-access.ts';
import { exportStudentRecord } from './student-record.ts';
import { renderStudentRecordPdf } from './student-record-pdf.ts';

/**
 * Waits while the client reads slower than records are made, so at most a few records are in memory at once; false
 * once the client has gone (the export stops there).
 */
async function clientKeepsUp(zip: ZipFile, res: Response): Promise<boolean> {
  // yazl's output is a PassThrough (typed as the older ReadableStream).
  const output = zip.outputStream as Readable;
  while (!res.destroyed && (res.writableNeedDrain || output.readableLength > 1024 * 1024)) {
    if (res.writableNeedDrain) await Promise.race([once(res, 'drain'), once(res, 'close')]);
    else await new Promise((resolve) => setImmediate(resolve));
  }
  return !res.destroyed;
}

const EXPORT_LINKS = 'district-export-links';
/** A download link lasts this long, and serves once. */
const LINK_LIFETIME_MS = 10 * 60 * 1000;
type ExportLinkDoc = { id: string; districtId: string; userId: string; expiresAt: number };

/**
 * Writes the zip of every student record of the district to `res`: per school a folder and per student its records
 * export as JSON and PDF (the same two files /api/students/:id/records.json and .pdf give), each written to the
 * student's access log, made record by record as the client reads, so a district of 50,000 students is never held in
 * memory; a manifest ends it.
 */
async function streamDistrictArchive(context: AppContext, recordAccess: RecordAccess, req: Request, res: Response, district: DistrictDoc, userId: string): Promise<void> {
  const timeZone = timeZoneOf(req);
  const now = context.now();
  const caseload = caseloadQueries(context.readStore);
  const schools = await organisationQueries(context.readStore).schoolsOfDistrict(district.id);
  const root = `${pathSegmentSafe(district.name)} records ${calendarDay(now, timeZone)}`;

  const zip = new ZipFile();
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', attachmentDisposition(`${root}.zip`));
  zip.outputStream.pipe(res);
  const manifest: { school: string; student: string; studentId: string; grade: string; folder: string }[] = [];
  for (const school of schools) {
    for (const student of await caseload.studentsOfSchoolVisibleTo(school.id, userId, now)) {
      const record = await exportStudentRecord(context, student, 'whole record');
      const folder = `${root}/${pathSegmentSafe(school.name)}/${pathSegmentSafe(displayName(student))} ${student.id}`;
      zip.addBuffer(Buffer.from(JSON.stringify(record, null, 2)), `${folder}/record.json`, { mtime: now });
      // A PDF is compressed already.
      zip.addBuffer(await renderStudentRecordPdf(record, timeZone), `${folder}/record.pdf`, { mtime: now, compress: false });
      await recordAccess(req, { studentId: student.id, userId, action: 'export', what: 'District archive (JSON and PDF)' });
      manifest.push({ school: school.name, student: displayName(student), studentId: student.id, grade: student.grade, folder });
      if (!(await clientKeepsUp(zip, res))) return;
    }
  }
  zip.addBuffer(Buffer.from(JSON.stringify({ district: district.name, exportedAt: now.toISOString(), records: manifest }, null, 2)), `${root}/manifest.json`, { mtime: now });
  zip.end();
  await once(zip.outputStream, 'end');
}

/**
 * Leaving the product: the district's archive. POST /api/districts/:id/export answers with the zip itself
 * (for a district's scripts). A browser asks POST /api/districts/:id/export-link for a single-use link of 10 minutes
 * and opens it (GET /api/districts/:id/export/:token, with the same session), so that it writes the stream to disk as
 * it comes: a form's POST would carry no usable Origin under the app's no-referrer policy, and fetch would hold the
 * whole archive in memory.
 */
export function districtArchiveRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();
  const links = () => context.readStore.state<ExportLinkDoc>(EXPORT_LINKS);

  router.post('/api/districts/:id/export', async (req, res) => {
    const userId = requireUser(req);
    const district = await loadDistrictFor(context, userId, idParam(req));
    await streamDistrictArchive(context, recordAccess, req, res, district, userId);
  });

  router.post('/api/districts/:id/export-link', async (req, res) => {
    const userId = requireUser(req);
    const district = await loadDistrictFor(context, userId, idParam(req));
    const token = randomBytes(32).toString('base64url');
    await links().put({ id: token, districtId: district.id, userId, expiresAt: context.now().getTime() + LINK_LIFETIME_MS });
    res.status(201).json({ url: `/api/districts/${encodeURIComponent(district.id)}/export/${token}` });
  });

  router.get('/api/districts/:id/export/:token', async (req, res) => {
    const userId = requireUser(req);
    const district = await loadDistrictFor(context, userId, idParam(req));
    const link = await links().take(idParam(req, 'token'));
    if (!link || link.userId !== userId || link.districtId !== district.id || link.expiresAt < context.now().getTime()) throw new NotFoundError('Export link');
    await streamDistrictArchive(context, recordAccess, req, res, district, userId);
  });

  return router;
}
