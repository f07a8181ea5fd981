/** Logical collection names of the caseload read models, shared by projections and queries. */
export const STUDENTS = 'students';
export const PLANS = 'plans';
export const DOCUMENTS = 'documents';
