import { Router, type Request } from 'express';
import type { RecordAccessAction } from '@accommodate/shared-events/events/access-events';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { describeAccess, documentAccessWhat, isRecordAccess } from '@accommodate/shared-events/domain/access-log/access-log';
import { documentNames } from '@accommodate/shared-events/domain/document/document';
import { mayAccess, roleOn } from '@accommodate/shared-events/domain/access/student-access';
import type { StudentAction } from '@accommodate/shared-events/domain/access/role-rules';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { personLookup } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { attachmentDisposition, studentFileName } from '../../http/download-names.ts';
import { timeZoneOf } from '../../http/time-zone.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadStudentFor } from '../../shared/student-access.ts';
import { throughClassIf, type RecordAccess } from '../../shared/record-access.ts';
import { loadStudentStreams } from '../../shared/student-streams.ts';
import type { AccessLogEntry } from '@accommodate/shared-events/schemas/access-log';
import { accessLogCsv } from './access-log-csv.ts';

/**
 * Records what the caseload and document routes serve, before they run: only when the
 * user may do it (otherwise the route itself answers 404/403 and nothing was accessed).
 */
export function accessLogRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();
  const caseload = caseloadQueries(context.readStore);

  const recordIfAllowed = async (req: Request, studentId: string, need: StudentAction, action: RecordAccessAction, what: string) => {
    const userId = req.userId;
    if (!userId) return;
    const student = await caseload.studentById(studentId);
    if (!student || !mayAccess(student, userId, need, context.now())) return;
    await recordAccess(req, { studentId, userId, action, what: throughClassIf(roleOn(student, userId, context.now())?.role, what) });
  };
  const safeId = (req: Request) => (/^[A-Za-z0-9_-]{1,100}$/.test(String(req.params.id)) ? String(req.params.id) : null);

  router.get('/api/students/:id', async (req, _res, next) => {
    const id = safeId(req);
    if (id && req.query.asOf === undefined) await recordIfAllowed(req, id, 'view', 'view', 'Student record');
    next();
  });
  router.get('/api/plans/:id', async (req, _res, next) => {
    const id = safeId(req);
    const plan = id ? await caseload.planById(id) : null;
    if (plan) await recordIfAllowed(req, plan.studentId, 'view', 'view', `Plan ${plan.id}`);
    next();
  });
  router.get('/api/students/:id/accommodations.pdf', async (req, _res, next) => {
    const id = safeId(req);
    if (id) await recordIfAllowed(req, id, 'view', 'export', 'Accommodations (PDF)');
    next();
  });
  router.get('/api/documents/:id/download', async (req, _res, next) => {
    const id = safeId(req);
    const document = id ? await caseload.documentById(id) : null;
    if (document) await recordIfAllowed(req, document.studentId, 'see-private', 'download', documentAccessWhat(document.id));
    next();
  });

  // The UI calls this just before window.print(): a printout is a disclosure too.
  router.post('/api/students/:id/access-log/print', async (req, res) => {
    const userId = requireUser(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'view');
    await recordAccess(req, { studentId: student.id, userId, action: 'print', what: 'Student record (printed)' });
    res.status(204).end();
  });

  router.get('/api/students/:id/access-log', async (req, res) => {
    const userId = requireUser(req);
    // The access log is for the record's owner and auditors (34 CFR 99.32(c)).
    const student = await loadStudentFor(context, userId, idParam(req), 'see-access-log');
    const entries = await accessLogOf(context, student.id);
    if (req.query.format === 'csv') {
      const fileName = studentFileName(student, 'access log', 'csv', context.now(), timeZoneOf(req));
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', attachmentDisposition(fileName));
      res.send(accessLogCsv(entries));
      return;
    }
    res.json(entries);
  });

  return router;
}

/** Every recorded access of one student, newest first, with the person's name and role at the time, and each document's name. */
export async function accessLogOf(context: Pick<AppContext, 'eventStore' | 'readStore'>, studentId: string): Promise<AccessLogEntry[]> {
  const lookup = personLookup(context.readStore);
  const events = await context.eventStore.readStream(streamName('accessLog', studentId));
  const namesOfDocuments = documentNames((await loadStudentStreams(context, studentId)).documents);
  const entries: AccessLogEntry[] = [];
  for (const event of events) {
    if (!isRecordAccess(event)) continue;
    const { data } = event;
    // Entries from before the name was kept show the account's current name (fallback; see privacy.md).
    const user = data.userName === null ? await lookup(data.userId) : { id: data.userId, name: data.userName };
    entries.push({ id: event.eventId, at: event.occurredAt, user, role: data.userRole, action: data.action, what: describeAccess(data.what, namesOfDocuments), ip: data.ip, userAgent: data.userAgent });
  }
  return entries.reverse();
}
