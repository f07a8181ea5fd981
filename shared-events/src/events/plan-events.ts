import { z } from 'zod';
import { defineEvent, type EventOf } from './define-event.ts';

const planFields = {
  startDate: z.string(),
  reviewDate: z.string(),
  status: z.string(),
  meetingDate: z.string().nullable(),
  caseManager: z.string().nullable(),
};

export const PlanCreated = defineEvent(
  'PlanCreated',
  1,
  z.object({ planId: z.string(), studentId: z.string(), ...planFields }),
);
export const PlanUpdated = defineEvent(
  'PlanUpdated',
  1,
  z.object({ planId: z.string(), studentId: z.string(), changes: z.object(planFields).partial() }),
);

export const PLAN_EVENTS = [PlanCreated, PlanUpdated] as const;
export type PlanEvent = EventOf<(typeof PLAN_EVENTS)[number]>;
