import { describe, it } from 'vitest';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { NotFoundError } from '../errors.ts';
import { notificationDecider } from './decide-notification.ts';

const spec = DeciderSpecification.for(notificationDecider);
const raised = {
  type: 'NotificationRaised' as const,
  data: { notificationId: 'n1', userId: 'u1', type: 'review' as const, title: 'Plan review tomorrow', message: 'm', studentId: 's1', planId: 'p1', dedupeKey: 'k' },
};

describe('marking a notification read', () => {
  it('marks the recipient’s notification read, and unread again', () => {
    spec.given([raised]).when({ type: 'MarkNotificationRead', notificationId: 'n1', userId: 'u1', read: true })
      .then([{ type: 'NotificationRead', data: { notificationId: 'n1', userId: 'u1', read: true } }]);
    spec.given([raised, { type: 'NotificationRead', data: { notificationId: 'n1', userId: 'u1', read: true } }])
      .when({ type: 'MarkNotificationRead', notificationId: 'n1', userId: 'u1', read: false })
      .then([{ type: 'NotificationRead', data: { notificationId: 'n1', userId: 'u1', read: false } }]);
  });

  it('records nothing when the flag is already as asked', () => {
    spec.given([raised]).when({ type: 'MarkNotificationRead', notificationId: 'n1', userId: 'u1', read: false }).then([]);
  });

  it('answers not found to anyone but the recipient, and for unknown ids', () => {
    spec.given([raised]).when({ type: 'MarkNotificationRead', notificationId: 'n1', userId: 'u2', read: true }).thenThrows(NotFoundError);
    spec.given([]).when({ type: 'MarkNotificationRead', notificationId: 'n1', userId: 'u1', read: true }).thenThrows(NotFoundError);
  });
});
