import { Router, type Request, type Response } from 'express';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { attachmentDisposition, calendarDay, fileNameSafe } from '../../http/download-names.ts';
import { timeZoneOf } from '../../http/time-zone.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { enrolledVisibleTo, loadClassFor } from '../../shared/class-access.ts';
import type { RecordAccess } from '../../shared/record-access.ts';
import { recordListed, testingCsv, testingListOf } from './testing-lists.ts';

const EXPORTED = { action: 'export', what: 'Testing accommodations (CSV)' } as const;
const PRINTED = { action: 'print', what: 'Testing-day list (printed)' } as const;

function sendCsv(req: Request, res: Response, context: AppContext, title: string, csv: string): void {
  const day = calendarDay(context.now(), timeZoneOf(req));
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', attachmentDisposition(`${fileNameSafe(title)} - ${day}.csv`));
  res.send(csv);
}

/**
 * The testing coordinator's lists: per class and for the whole caseload, each student with the
 * accommodations that apply to state and district tests, as CSV; per class also as JSON for the printable
 * testing-day list. Every student a list names is in their access log.
 */
export function testingAccommodationRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();

  const classList = async (req: Request, userId: string) => {
    const found = await loadClassFor(context, userId, idParam(req), 'read');
    return { found, rows: await testingListOf(context, await enrolledVisibleTo(context, found, userId, context.now())) };
  };

  router.get('/api/testing-accommodations.csv', async (req, res) => {
    const userId = requireUser(req);
    const rows = await testingListOf(context, await caseloadQueries(context.readStore).studentsVisibleTo(userId, context.now()));
    await recordListed(context, recordAccess, req, userId, rows, EXPORTED);
    sendCsv(req, res, context, 'Testing accommodations', testingCsv(rows, null));
  });

  router.get('/api/classes/:id/testing-accommodations.csv', async (req, res) => {
    const userId = requireUser(req);
    const { found, rows } = await classList(req, userId);
    await recordListed(context, recordAccess, req, userId, rows, EXPORTED);
    sendCsv(req, res, context, `${found.name} - testing accommodations`, testingCsv(rows, found.name));
  });

  // What the printable testing-day list shows; the print itself is logged by the call below, as the roster's is.
  router.get('/api/classes/:id/testing-accommodations', async (req, res) => {
    const userId = requireUser(req);
    res.json((await classList(req, userId)).rows);
  });

  // The UI calls this just before window.print(): the students are worked out here, never taken from the client.
  router.post('/api/classes/:id/testing-accommodations/print', async (req, res) => {
    const userId = requireUser(req);
    await recordListed(context, recordAccess, req, userId, (await classList(req, userId)).rows, PRINTED);
    res.status(204).end();
  });

  return router;
}
