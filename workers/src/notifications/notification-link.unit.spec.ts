import { describe, expect, it } from 'vitest';
import { notificationLink } from './email-delivery.ts';

describe("a notification e-mail's link", () => {
  const appUrl = 'https://accommodate.example.org';

  it('opens the plan a review reminder is about, else the student, under APP_URL', () => {
    expect(notificationLink(appUrl, { studentId: 's1', planId: 'p1' })).toBe('https://accommodate.example.org/plans/p1');
    expect(notificationLink(appUrl, { studentId: 's1', planId: null })).toBe('https://accommodate.example.org/students/s1');
  });

  it('opens the notifications page when it is about no record the reader may still see (a share that ended)', () => {
    expect(notificationLink(appUrl, { studentId: null, planId: null })).toBe('https://accommodate.example.org/notifications');
  });
});
