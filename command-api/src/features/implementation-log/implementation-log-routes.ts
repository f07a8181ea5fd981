import { Router } from 'express';
import {
  implementationBatchSchema,
  implementationEntryInputSchema,
  implementationRangeQuerySchema,
} from '@accommodate/shared-events/schemas/implementation-log';
import { roleOn } from '@accommodate/shared-events/domain/access/student-access';
import { implementationLogQueries } from '@accommodate/projections/queries/implementation-log-queries';
import { implementationLogProjection } from '@accommodate/projections/definitions/implementation-log-projection';
import type { AppContext } from '../../framework/command-context.ts';
import { createReadModelCache, readModelVersion } from '../../framework/read-model-cache.ts';
import { idParam } from '../../http/route-params.ts';
import { attachmentDisposition, studentFileName } from '../../http/download-names.ts';
import { timeZoneOf } from '../../http/time-zone.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadStudentFor } from '../../shared/student-access.ts';
import { throughClassIf, type RecordAccess } from '../../shared/record-access.ts';
import { logEntries } from './log-entries.ts';
import { implementationLogCsv } from './implementation-log-csv.ts';
import { personLookup } from '@accommodate/projections/queries/users-queries';

/** A student's year is ≈ 400 KB of JSON: some 40 of them. */
const LOG_CACHE_BYTES = 16 * 1024 * 1024;

/** A student's daily implementation log: what each teacher recorded, for the hearing officer's question. */
export function implementationLogRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();
  const log = implementationLogQueries(context.readStore);
  // A year's answer costs ≈ 10 ms of CPU to read, sort and serialise: it is kept serialised per
  // student and range until the implementation log's read model commits. The entries are the same whoever may view
  // them; who may, and the record of each access, are decided at every request before the cache is asked.
  const answers = createReadModelCache(readModelVersion(context.readStore, [implementationLogProjection.name]), { maxBytes: LOG_CACHE_BYTES });

  // One entry, or an array of them ('mark all provided', an offline queue): the same rule for each.
  router.post('/api/students/:id/implementation-log', async (req, res) => {
    const userId = requireUser(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'log-implementation');
    if (Array.isArray(req.body)) {
      const results = await logEntries(context, student, userId, implementationBatchSchema.parse(req.body));
      res.status(results.some((result) => result.status === 'created') ? 201 : 200).json(results);
      return;
    }
    const [result] = await logEntries(context, student, userId, [implementationEntryInputSchema.parse(req.body)]);
    res.status(result!.status === 'created' ? 201 : 200).json(result!.entry);
  });

  router.get('/api/students/:id/implementation-log', async (req, res) => {
    const userId = requireUser(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'view');
    const { from, to } = implementationRangeQuerySchema.parse(req.query);
    const role = roleOn(student, userId, context.now())?.role;
    if (req.query.format === 'csv') {
      const entries = await log.entriesOf(student.id, { from, to });
      await recordAccess(req, { studentId: student.id, userId, action: 'export', what: throughClassIf(role, 'Implementation log (CSV)') });
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', attachmentDisposition(studentFileName(student, 'implementation log', 'csv', context.now(), timeZoneOf(req))));
      const lookup = personLookup(context.readStore);
      const loggers = await Promise.all([...new Set(entries.map((entry) => entry.loggedBy))].map(lookup));
      res.send(implementationLogCsv(entries, student.accommodations, new Map(loggers.map((person) => [person.id, person.name]))));
      return;
    }
    await recordAccess(req, { studentId: student.id, userId, action: 'view', what: throughClassIf(role, 'Implementation log') });
    const body = await answers.answer(`${student.id}|${from ?? ''}|${to ?? ''}`, context.now(), async () => ({
      body: Buffer.from(JSON.stringify(await log.entriesOf(student.id, { from, to }))),
      until: Infinity,
    }), req.readStamp);
    res.type('application/json').send(body);
  });

  return router;
}
