import type { Router } from 'express';
import type { AppContext } from '../framework/command-context.ts';
import type { SessionStore } from '../auth/sessions.ts';
import { createAccessRecorder } from '../shared/record-access.ts';
import { accountRoutes } from './accounts/account-routes.ts';
import { premiumRoutes } from './accounts/premium-routes.ts';
import { sessionRoutes } from './accounts/session-routes.ts';
import { twoFactorRoutes } from './accounts/two-factor-routes.ts';
import { emailVerificationRoutes } from './accounts/email-verification-routes.ts';
import { passwordResetRoutes } from './accounts/password-reset-routes.ts';
import { ssoRoutes } from './accounts/sso-routes.ts';
import { accommodationRoutes } from './accommodations/accommodation-routes.ts';
import { accessLogRoutes } from './access-log/access-log-routes.ts';
import { historyRoutes } from './history/history-routes.ts';
import { recordsExportRoutes } from './records-export/records-export-routes.ts';
import { hearingPacketRoutes } from './hearing-packet/hearing-packet-routes.ts';
import { accountErasureRoutes } from './erasure/account-erasure-routes.ts';
import { studentRoutes } from './students/student-routes.ts';
import { suggestionRoutes } from './students/suggestion-routes.ts';
import { studentSchoolRoutes } from './students/student-school-routes.ts';
import { planRoutes } from './plans/plan-routes.ts';
import { planVersionRoutes } from './plans/plan-version-routes.ts';
import { planRecordRoutes } from './plans/plan-record-routes.ts';
import { acknowledgementRoutes } from './plans/acknowledgement-routes.ts';
import { documentRoutes } from './documents/document-routes.ts';
import { shareRoutes } from './sharing/share-routes.ts';
import { notificationRoutes } from './notifications/notification-routes.ts';
import { calendarRoutes } from './notifications/calendar-routes.ts';
import { classRoutes } from './classes/class-routes.ts';
import { classSubPlanRoutes } from './classes/class-sub-plan-routes.ts';
import { testingAccommodationRoutes } from './testing-accommodations/testing-accommodation-routes.ts';
import { accommodationUsageRoutes } from './at-a-glance/accommodation-usage-routes.ts';
import { studentComparisonRoutes } from './at-a-glance/student-comparison-routes.ts';
import { districtRoutes } from './districts/district-routes.ts';
import { districtAdminRoutes } from './districts/district-admin-routes.ts';
import { rosterRoutes } from './roster/roster-routes.ts';
import { staffRoutes } from './districts/staff-routes.ts';
import { districtSsoRoutes } from './districts/district-sso-routes.ts';
import { districtSsoDomainRoutes } from './districts/district-sso-domain-routes.ts';
import { districtTimeZoneRoutes } from './districts/district-time-zone-routes.ts';
import { districtDashboardRoutes } from './district-dashboard/district-dashboard-routes.ts';
import { nonSchoolDaysRoutes } from './districts/non-school-days-routes.ts';
import { schoolFollowThroughRoutes } from './district-dashboard/school-follow-through-routes.ts';
import { rolloverRoutes } from './districts/rollover-routes.ts';
import { retentionRoutes } from './retention/retention-routes.ts';
import { districtErasureRoutes } from './retention/district-erasure-routes.ts';
import { districtArchiveRoutes } from './records-export/district-archive-routes.ts';
import { implementationLogRoutes } from './implementation-log/implementation-log-routes.ts';
import { classImplementationRoutes } from './implementation-log/class-implementation-routes.ts';

/**
 * Every feature's routes, in the order they are mounted: the one place features are composed (feature folders
 * import shared code only, never each other; eslint.config.js holds them to it).
 */
export function featureRoutes(context: AppContext, sessions: SessionStore): Router[] {
  // The FERPA record of access: written by the access log's, history's, records export's, documents' and sub plan's routes alike.
  const recordAccess = createAccessRecorder(context);
  return [
    accountRoutes(context, sessions),
    premiumRoutes(context),
    emailVerificationRoutes(context, sessions),
    passwordResetRoutes(context, sessions),
    sessionRoutes(sessions),
    ssoRoutes(context, sessions),
    twoFactorRoutes(context),
    accommodationRoutes(context),
    // Before the student routes: the access log records what they then serve, and only a read with ?asOf stops at history.
    accessLogRoutes(context, recordAccess),
    historyRoutes(context, recordAccess),
    recordsExportRoutes(context, recordAccess),
    hearingPacketRoutes(context, recordAccess),
    accountErasureRoutes(context, sessions),
    // At a glance: before the student routes, so that /api/students/compare is not read as a student's id.
    accommodationUsageRoutes(context, recordAccess),
    studentComparisonRoutes(context, recordAccess),
    studentRoutes(context),
    studentSchoolRoutes(context),
    suggestionRoutes(context),
    // Plan versions: before the plan routes, so that a read with ?asOf stops there.
    planVersionRoutes(context, recordAccess),
    planRoutes(context),
    planRecordRoutes(context),
    acknowledgementRoutes(context),
    documentRoutes(context, recordAccess),
    shareRoutes(context, recordAccess),
    classRoutes(context, recordAccess),
    classSubPlanRoutes(context, recordAccess),
    districtRoutes(context),
    districtAdminRoutes(context),
    rosterRoutes(context),
    staffRoutes(context),
    districtSsoRoutes(context),
    districtSsoDomainRoutes(context),
    districtTimeZoneRoutes(context),
    districtDashboardRoutes(context),
    nonSchoolDaysRoutes(context),
    schoolFollowThroughRoutes(context, recordAccess),
    rolloverRoutes(context),
    // Retention and leaving the product.
    retentionRoutes(context),
    districtArchiveRoutes(context, recordAccess),
    districtErasureRoutes(context),
    // The daily implementation log.
    implementationLogRoutes(context, recordAccess),
    classImplementationRoutes(context, recordAccess),
    testingAccommodationRoutes(context, recordAccess),
    notificationRoutes(context),
    // The review-date calendar feed: reminders, wherever the teacher looks.
    calendarRoutes(context),
  ];
}
