import { TOO_MANY_INVITATIONS } from '@accommodate/shared-events/schemas/school';
import type { AppContext } from '../framework/command-context.ts';
import { perAccountLimit } from './per-account-limit.ts';

/** One count for every kind of invitation an account sends: school staff, district admins and class teachers. */
export const invitationLimit = (context: Pick<AppContext, 'limits'>) => perAccountLimit(context, 'invite:user', TOO_MANY_INVITATIONS);
