import dayjs from 'dayjs';
import { reviewUrgency } from '../../../lib/review-urgency.ts';

interface AgendaStudent {
  id: string;
  name: string;
}
interface AgendaPlan {
  id: string;
  studentId: string;
  reviewDate: string;
  status: string;
  version?: number | undefined;
}
interface AgendaCoverage {
  studentId: string;
  schoolDays: number;
  loggedDays: number;
}

export interface ReviewDueItem {
  studentId: string;
  name: string;
  planId: string;
  reviewDate: string;
}
export interface LogGapItem {
  studentId: string;
  name: string;
  schoolDays: number;
  loggedDays: number;
}

/** Reviews of the school's open plans that are overdue or fall due within 30 days, the earliest first. */
export function reviewsDue(students: readonly AgendaStudent[], plans: readonly AgendaPlan[], today = dayjs()): ReviewDueItem[] {
  const names = new Map(students.map((student) => [student.id, student.name]));
  return plans
    .flatMap((plan) => {
      const name = names.get(plan.studentId);
      if (name === undefined || plan.status === 'closed' || reviewUrgency(plan.reviewDate, today) === 'later') return [];
      return [{ studentId: plan.studentId, name, planId: plan.id, reviewDate: plan.reviewDate }];
    })
    .sort((a, b) => a.reviewDate.localeCompare(b.reviewDate) || a.name.localeCompare(b.name));
}

/** Students with school days left unlogged since their plan started, the thinnest record first. */
export function logGaps(students: readonly AgendaStudent[], coverage: readonly AgendaCoverage[]): LogGapItem[] {
  const names = new Map(students.map((student) => [student.id, student.name]));
  const share = (row: AgendaCoverage) => row.loggedDays / row.schoolDays;
  return coverage
    .flatMap((row) => {
      const name = names.get(row.studentId);
      if (name === undefined || row.schoolDays === 0 || row.loggedDays >= row.schoolDays) return [];
      return [{ studentId: row.studentId, name, schoolDays: row.schoolDays, loggedDays: row.loggedDays }];
    })
    .sort((a, b) => share(a) - share(b) || a.name.localeCompare(b.name));
}
