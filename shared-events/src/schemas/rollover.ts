/** The answer of POST /api/schools/:id/rollover: what the rollover does (dry run) or did. */
export interface RolloverReport {
  schoolYear: string;
  applied: boolean;
  /** The school's last grade the rollover went by: the request's, else its active students' highest (null: none). */
  highestGrade: string | null;
  /** 'move-up': finished the school's highest grade below 12 and leaves the school (inactive, kept). */
  students: { studentId: string; name: string; change: 'promote' | 'graduate' | 'move-up'; fromGrade: string; toGrade: string | null }[];
  reviews: { planId: string; studentId: string; name: string; fromReviewDate: string; toReviewDate: string }[];
}
