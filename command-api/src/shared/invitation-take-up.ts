import type { NextFunction, Request, Response } from 'express';
import { caseloadProjection } from '@accommodate/projections/definitions/caseload-projection';
import { CLASSES } from '@accommodate/projections/queries/caseload-schema';
import { DISTRICTS, SCHOOLS } from '@accommodate/projections/queries/organisation-schema';
import { userQueries } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../framework/command-context.ts';
import { readModelVersion } from '../framework/read-model-cache.ts';
import { activatePendingClassTeachers } from './pending-class-teachers.ts';
import { activatePendingStaff } from './pending-staff.ts';

/** How many accounts a node remembers as checked before it starts over; forgetting only costs a check. */
const REMEMBERED = 10_000;

/**
 * An invitation to a school, a district or a class waits, pending and unnamed, even for an address whose account has
 * proved it: answering 'active' with a name at once would tell the inviter who has an account. The invitee takes it
 * up with their next signed-in request (signing in, loading the app), and only then do the lists name them.
 * A request looks again only once a school, district or class has changed since that account's last look, so the
 * check costs nothing on most requests.
 */
export function invitationTakeUp(context: AppContext) {
  const version = readModelVersion(context.readStore, [{ projection: caseloadProjection.name, collections: [SCHOOLS, DISTRICTS, CLASSES] }]);
  const checked = new Map<string, string>();
  const takeUp = async (userId: string, stamp: string | undefined) => {
    const now = await version(stamp);
    if (checked.get(userId) === now) return;
    const user = await userQueries(context.readStore).userById(userId);
    if (user?.emailVerified) {
      const invited = { userId, email: user.email };
      await activatePendingClassTeachers(context, invited);
      await activatePendingStaff(context, invited);
    }
    if (checked.size >= REMEMBERED) checked.clear();
    checked.set(userId, now);
  };
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.userId === undefined) {
      next();
      return;
    }
    takeUp(req.userId, req.readStamp).then(() => next(), next);
  };
}
