import type { PlanRecord } from '../../schemas/plan-record.ts';
import { IllegalStateError } from '../errors.ts';

/**
 * The least a Section 504 plan records before it can be signed: the impairment, a major life activity it limits,
 * an accommodation and who took part in the meeting. Without them a final plan would bind the school to nothing
 * and would not hold up at a hearing.
 */
export const MISSING_FOR_FINAL = {
  impairment: 'The impairment',
  lifeActivities: 'At least one major life activity it limits',
  accommodations: 'At least one accommodation',
  participants: 'Who took part in the meeting',
} as const;

export const NOT_READY_TO_FINALISE = 'This plan cannot be finalised yet: it is missing what a 504 plan must record';

/** What the plan still lacks, in the order the plan record form asks for it; empty when it may be finalised. */
export function missingForFinal(record: PlanRecord | null, accommodationCount: number): string[] {
  const missing: string[] = [];
  if (!record?.impairment?.trim()) missing.push(MISSING_FOR_FINAL.impairment);
  if (!record || record.lifeActivities.length === 0) missing.push(MISSING_FOR_FINAL.lifeActivities);
  if (accommodationCount === 0) missing.push(MISSING_FOR_FINAL.accommodations);
  if (!record || record.participants.length === 0) missing.push(MISSING_FOR_FINAL.participants);
  return missing;
}

export function assertReadyToFinalise(record: PlanRecord | null, accommodationCount: number): void {
  const missing = missingForFinal(record, accommodationCount);
  if (missing.length > 0) throw new IllegalStateError(NOT_READY_TO_FINALISE, { missing });
}
