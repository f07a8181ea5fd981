import type { ClassDetails } from '../../schemas/class.ts';
import type { PresentClass } from './class.ts';

type Ordered = Pick<PresentClass, 'status'> & Pick<ClassDetails, 'period' | 'name'> & { id: string };

// One collator each, made once: `localeCompare` with options builds a collator per call, which made sorting a district
// admin's 4,000 imported classes cost ≈ 0.1 s a request. Same order as localeCompare.
const text = new Intl.Collator();
const periods = new Intl.Collator(undefined, { numeric: true });

/** Active classes first, then by period and name, as a teacher's day runs; a class without a period comes last. */
export const inDayOrder = (a: Ordered, b: Ordered): number =>
  text.compare(a.status, b.status) ||
  periods.compare(a.period ?? '\uffff', b.period ?? '\uffff') ||
  text.compare(a.name, b.name) ||
  text.compare(a.id, b.id);
