// The caseload's collection names live in the queries' schema module; the workers still import them from here.
export { DOCUMENTS, PLANS, SHARES, STUDENTS } from '../queries/caseload-schema.ts';
