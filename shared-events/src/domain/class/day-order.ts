import type { ClassDetails } from '../../schemas/class.ts';
import type { PresentClass } from './class.ts';

type Ordered = Pick<PresentClass, 'status'> & Pick<ClassDetails, 'period' | 'name'> & { id: string };

/** Active classes first, then by period and name, as a teacher's day runs; a class without a period comes last. */
export const inDayOrder = (a: Ordered, b: Ordered): number =>
  a.status.localeCompare(b.status) ||
  (a.period ?? '\uffff').localeCompare(b.period ?? '\uffff', undefined, { numeric: true }) ||
  a.name.localeCompare(b.name) ||
  a.id.localeCompare(b.id);
