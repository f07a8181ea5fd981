import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../framework/command-context.ts';
import { HttpError } from '../../http/errors.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadStudentFor } from '../../shared/student-access.ts';
import type { RecordAccess } from '../../shared/record-access.ts';
import { exportStudentRecord } from './student-record.ts';
import { isTimeZone, renderStudentRecordPdf } from './student-record-pdf.ts';

/** ?tz=: the reader's time zone, for the moments in the PDF (the UI sends the browser's); UTC without one. */
const timeZoneQuery = z.object({ tz: z.string().max(64).refine(isTimeZone).default('UTC') });
const timeZoneOf = (req: Request): string => {
  const parsed = timeZoneQuery.safeParse(req.query);
  if (!parsed.success) throw new HttpError(400, 'tz must be a time zone such as America/Chicago');
  return parsed.data.tz;
};

/** GET /api/students/:id/records.json and .pdf: the whole record, each export written to the access log. */
export function recordsExportRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();

  router.get('/api/students/:id/records.json', async (req, res) => {
    const userId = requireUser(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'see-private');
    const record = await exportStudentRecord(context, student);
    await recordAccess(req, { studentId: student.id, userId, action: 'export', what: 'Records export (JSON)' });
    res.setHeader('Content-Disposition', `attachment; filename="student-record-${student.id}.json"`);
    res.json(record);
  });

  router.get('/api/students/:id/records.pdf', async (req, res) => {
    const userId = requireUser(req);
    const timeZone = timeZoneOf(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'see-private');
    const pdf = await renderStudentRecordPdf(await exportStudentRecord(context, student), timeZone);
    await recordAccess(req, { studentId: student.id, userId, action: 'export', what: 'Records export (PDF)' });
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Length', String(pdf.length));
    // The id, not the name: file names end up in download histories.
    res.setHeader('Content-Disposition', `attachment; filename="student-record-${student.id}.pdf"`);
    res.end(pdf);
  });

  return router;
}
