/**
 * Query keys start with the URL path they GET (spec section 7), so socket
 * `change` pokes and mutations invalidate through the same factories.
 */
export const queryKeys = {
  currentUser: () => ['/api/auth/user'] as const,
  activeSessions: () => ['/api/auth/sessions'] as const,
  twoFactor: () => ['/api/auth/2fa'] as const,
  students: () => ['/api/students'] as const,
  student: (id: string) => ['/api/students', id] as const,
  studentAccommodations: (id: string) => ['/api/students', id, 'accommodations'] as const,
  studentDocuments: (id: string) => ['/api/students', id, 'documents'] as const,
  studentShares: (id: string) => ['/api/students', id, 'shares'] as const,
  studentSuggestions: (id: string) => ['/api/students', id, 'suggestions'] as const,
  allStudentAccommodations: () => ['/api/students/accommodations/all'] as const,
  plans: () => ['/api/plans'] as const,
  plan: (id: string) => ['/api/plans', id] as const,
  /** Under the plan's key: a plan poke refreshes them with it. */
  planSignedVersions: (id: string) => ['/api/plans', id, 'versions'] as const,
  planAcknowledgements: (id: string) => ['/api/plans', id, 'acknowledgements'] as const,
  pendingAcknowledgements: () => ['/api/acknowledgements/pending'] as const,
  accommodationLibrary: () => ['/api/accommodations/defaults'] as const,
  subPlan: () => ['/api/sub-plan'] as const,
  /** Under the sub plan's key, so that whatever refreshes the sub plan refreshes it by class too. */
  subPlanClasses: () => ['/api/sub-plan', 'classes'] as const,
  classes: () => ['/api/classes'] as const,
  /** A OneRoster import's status and progress. */
  rosterImport: (id: string) => ['/api/roster-imports', id] as const,
  schoolClass: (id: string) => ['/api/classes', id] as const,
  classRoster: (id: string) => ['/api/classes', id, 'roster'] as const,
  /** Under the class's key, so that whatever refreshes the class refreshes its testing-day list too. */
  classTestingList: (id: string) => ['/api/classes', id, 'testing-accommodations'] as const,
  /** Every filter's usage view: what a poke invalidates. */
  accommodationUsageAll: () => ['/api/accommodations/usage'] as const,
  accommodationUsage: (filter: { classId?: string; grade?: string }) => ['/api/accommodations/usage', filter] as const,
  /** Every comparison: what a poke invalidates. */
  studentComparisons: () => ['/api/students/compare'] as const,
  studentComparison: (ids: readonly string[]) => ['/api/students/compare', ...ids] as const,
  /** My schools, a school's staff (under the schools key), my districts and a district's schools. */
  schools: () => ['/api/schools'] as const,
  schoolStaff: (id: string) => ['/api/schools', id, 'staff'] as const,
  /** The lists behind a school's follow-through figures: acknowledgements and the log move them, not the school. */
  schoolFollowThroughAll: () => ['/api/schools/follow-through'] as const,
  schoolFollowThrough: (id: string) => ['/api/schools/follow-through', id] as const,
  /** GET /api/students?schoolId=: a key of its own, so that the students list's exact key never reaches it. */
  schoolStudentsAll: () => ['/api/students?schoolId'] as const,
  schoolStudents: (id: string) => ['/api/students?schoolId', id] as const,
  districts: () => ['/api/districts'] as const,
  districtSchools: (id: string) => ['/api/districts', id, 'schools'] as const,
  districtAdmins: (id: string) => ['/api/districts', id, 'admins'] as const,
  /** A district's retention rule and, under it, its due list: under the district's key, as its dashboard is. */
  districtRetention: (id: string) => ['/api/districts', id, 'retention'] as const,
  /** A district's time zone, under the district's key, so a district poke refreshes it. */
  districtTimeZone: (id: string) => ['/api/districts', id, 'time-zone'] as const,
  /** A district's erasure, run as a job: its own key, so that erasing it refreshes nothing else until done. */
  districtErasure: (districtId: string) => ['/api/district-erasures', districtId] as const,
  notifications: () => ['/api/notifications'] as const,
  notificationPreferences: () => ['/api/notification-preferences'] as const,
};
