import type { AccommodationWithSpecifics } from '@accommodate/shared-events/schemas/student';
import { gradeLabel } from '@accommodate/shared-events/schemas/student';
import { formatListDate } from '../../../lib/format-date-time.ts';

interface SubPlanStudentProps {
  student: { id: string; name: string; grade: string };
  /** With what the plan's meeting wrote for this student, which the sheet shows in place of the library's general text. */
  accommodations: AccommodationWithSpecifics[];
  /** Shown for a student shared as a substitute; the sheet by class leaves plan dates off. */
  reviewDate?: string | null;
  /** h2 on the plain sheet; h3 under a class's heading. */
  heading: 'h2' | 'h3';
}

/** One student's block on the sheet: the name and grade, and what the student needs. */
export function SubPlanStudent({ student, accommodations, reviewDate, heading: Heading }: SubPlanStudentProps) {
  return (
    <section className="sub-plan__student" aria-label={student.name} data-testid="sub-plan-student">
      <Heading className="sub-plan__name">
        {student.name} <span className="sub-plan__grade">{gradeLabel(student.grade)}</span>
      </Heading>
      {reviewDate && <div className="sub-plan__review">Plan review: {formatListDate(reviewDate)}</div>}
      {accommodations.length === 0 ? (
        <p className="sub-plan__none">No accommodations recorded.</p>
      ) : (
        <ul className="sub-plan__accommodations">
          {accommodations.map((accommodation) => (
            <li key={accommodation.id} className={accommodation.status === 'active' ? undefined : 'sub-plan__inactive'}>
              <strong>{accommodation.name}</strong>
              {accommodation.status !== 'active' && ` (${accommodation.status})`}
              {accommodation.specifics ? (
                <span className="sub-plan__specifics"> — {accommodation.specifics}</span>
              ) : (
                accommodation.description && <span className="sub-plan__description"> — {accommodation.description}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
