import { Router } from 'express';
import type { AppContext } from '../../framework/command-context.ts';
import type { SessionStore } from '../../auth/sessions.ts';
import { historyRoutes } from '../history/history-routes.ts';
import { recordsExportRoutes } from '../records-export/records-export-routes.ts';
import { accountErasureRoutes } from '../erasure/account-erasure-routes.ts';
import { accessLogRoutes } from './access-log-routes.ts';
import { createAccessRecorder } from '../../shared/record-access.ts';

/**
 * Issue 6 in one router, mounted before the caseload routes: the access log (it records
 * what those routes then serve), history and as-of reads, records export, account deletion.
 */
export function auditTrailRoutes(context: AppContext, sessions: SessionStore): Router {
  const recordAccess = createAccessRecorder(context);
  const router = Router();
  router.use(
    accessLogRoutes(context, recordAccess),
    historyRoutes(context, recordAccess),
    recordsExportRoutes(context, recordAccess),
    accountErasureRoutes(context, sessions),
  );
  return router;
}
