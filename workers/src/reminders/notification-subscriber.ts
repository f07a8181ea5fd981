import type { Position } from '@accommodate/shared-events/events/envelope';
import { sleep } from '@accommodate/shared-events/timing/sleep';
import { followLog, type CheckpointDoc } from './log-follower.ts';
import { HANDLED_EVENT_TYPES, notificationReactions, type NotificationReactionDependencies } from './notification-reactions.ts';

/** The subscriber's own state, beside (not inside) the projections' read models. */
export const SUBSCRIBER_STATE = 'notification-subscriber';


export interface NotificationSubscriberDependencies extends NotificationReactionDependencies {
  /** First back-off after a failed reaction (doubles, capped at a second). */
  retryMs?: number;
}

export interface NotificationSubscriber {
  /** Resolves true once every event up to `position` has been handled. */
  whenProcessed(position: Position, timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Follows the event log from its own checkpoint and turns facts into reminders and
 * notifications: plan dates into scheduled review jobs, co-teachers' changes into
 * notifications, raised notifications into e-mail jobs. Every reaction is idempotent
 * (job ids, deterministic notification ids), so the replay after a restart, from the
 * last saved checkpoint, repeats nothing a user would see.
 */
export function startNotificationSubscriber(deps: NotificationSubscriberDependencies): NotificationSubscriber {
  const abort = new AbortController();
  const pause = (ms: number) => sleep(ms, abort.signal);
  return followLog({
    eventStore: deps.eventStore,
    state: deps.readStore.state<CheckpointDoc>(SUBSCRIBER_STATE),
    handled: HANDLED_EVENT_TYPES,
    react: notificationReactions(deps, pause, () => abort.signal.aborted),
    logger: deps.logger,
    abort,
    pause,
    retryMs: deps.retryMs ?? 500,
  });
}
