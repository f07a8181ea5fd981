/** Logical collection names of the caseload read models, shared by projections and queries. */
export const STUDENTS = 'students';
export const PLANS = 'plans';
export const DOCUMENTS = 'documents';
/** Shares of students (issue 4): GET /api/students/:id/shares and the pending lookup when an address is verified. */
export const SHARES = 'shares';
