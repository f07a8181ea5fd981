import type { Router } from 'express';
import type { AppContext } from '../framework/command-context.ts';
import type { SessionStore } from '../auth/sessions.ts';
import { accountRoutes } from './accounts/account-routes.ts';
import { accommodationRoutes } from './accommodations/accommodation-routes.ts';
import { caseloadRoutes } from './students/caseload-routes.ts';
import { notificationRoutes } from './notifications/notification-routes.ts';
import { auditTrailRoutes } from './access-log/audit-trail-routes.ts';
import { sessionRoutes } from './accounts/session-routes.ts';
import { emailVerificationRoutes } from './accounts/email-verification-routes.ts';
import { passwordResetRoutes } from './accounts/password-reset-routes.ts';

/** Every feature's routes, in the order they are mounted. */
export function featureRoutes(context: AppContext, sessions: SessionStore): Router[] {
  return [
    accountRoutes(context, sessions),
    emailVerificationRoutes(context),
    passwordResetRoutes(context, sessions),
    sessionRoutes(sessions),
    accommodationRoutes(context), auditTrailRoutes(context, sessions), caseloadRoutes(context),
    notificationRoutes(context),
  ];
}
