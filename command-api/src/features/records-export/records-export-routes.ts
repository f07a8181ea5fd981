import { Router } from 'express';
import type { AppContext } from '../../framework/command-context.ts';
import { attachmentDisposition, sendPdfAttachment, studentFileName } from '../../http/download-names.ts';
import { timeZoneOf } from '../../http/time-zone.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadStudentFor } from '../../shared/student-access.ts';
import type { RecordAccess } from '../../shared/record-access.ts';
import { exportStudentRecord } from './student-record.ts';
import { renderStudentRecordPdf } from './student-record-pdf.ts';

/** GET /api/students/:id/records.json and .pdf: the whole record, each export written to the access log. */
export function recordsExportRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();

  router.get('/api/students/:id/records.json', async (req, res) => {
    const userId = requireUser(req);
    const timeZone = timeZoneOf(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'see-private');
    const record = await exportStudentRecord(context, student, { userId });
    await recordAccess(req, { studentId: student.id, userId, action: 'export', what: 'Records export (JSON)' });
    res.setHeader('Content-Disposition', attachmentDisposition(studentFileName(student, 'student record', 'json', context.now(), timeZone)));
    res.json(record);
  });

  router.get('/api/students/:id/records.pdf', async (req, res) => {
    const userId = requireUser(req);
    const timeZone = timeZoneOf(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'see-private');
    const pdf = await renderStudentRecordPdf(await exportStudentRecord(context, student, { userId }), timeZone);
    await recordAccess(req, { studentId: student.id, userId, action: 'export', what: 'Records export (PDF)' });
    sendPdfAttachment(res, pdf, studentFileName(student, 'student record', 'pdf', context.now(), timeZone));
  });

  return router;
}
