import type { Projection } from './projection.ts';
import { usersProjection } from './users-projection.ts';
import { accommodationLibraryProjection } from './accommodation-library-projection.ts';
import { caseloadProjection } from './caseload-projection.ts';
import { notificationsProjection } from './notifications-projection.ts';
import { studentStreamsProjection } from './student-streams-projection.ts';
import { implementationLogProjection } from './implementation-log-projection.ts';
import { districtDashboardProjection } from './district-dashboard-projection.ts';
import { retentionProjection } from './retention-projection.ts';

/** Every read model, in the order they are caught up at start-up. */
export const ALL_PROJECTIONS: readonly Projection[] = [usersProjection, accommodationLibraryProjection, caseloadProjection, notificationsProjection, studentStreamsProjection, implementationLogProjection, districtDashboardProjection, retentionProjection];
