/** The answer of POST /api/schools/:id/rollover: what the rollover does (dry run) or did. */
export interface RolloverReport {
  schoolYear: string;
  applied: boolean;
  students: { studentId: string; name: string; change: 'promote' | 'graduate'; fromGrade: string; toGrade: string | null }[];
  reviews: { planId: string; studentId: string; name: string; fromReviewDate: string; toReviewDate: string }[];
}
