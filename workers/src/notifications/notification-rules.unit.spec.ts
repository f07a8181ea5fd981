import { describe, expect, it } from 'vitest';
import {
  accommodationsChangedNotifications,
  archiveChangedNotifications,
  documentUploadedNotifications,
  shareEndedNotifications,
  shareGrantedNotifications,
} from './notification-rules.ts';
import { notificationIdFor } from './raise-notification.ts';

const student = { studentId: 's1', studentLabel: 'Maya R.', viewerIds: ['owner', 'coteacher', 'counselor'] };

const maria = { userId: 'owner', name: 'Maria Lopez' };
const sam = { userId: 'coteacher', name: 'Sam Okafor' };

describe('who hears about a change, and from whom', () => {
  it('tells every other viewer about an uploaded document, not the uploader', () => {
    const drafts = documentUploadedNotifications(student, 'd1', sam);
    expect(drafts.map((d) => d.userId)).toEqual(['owner', 'counselor']);
    expect(drafts[0]).toMatchObject({ type: 'document', studentId: 's1', planId: null, message: 'Sam Okafor uploaded a document for Maya R.' });
  });

  it('tells nobody while the owner is the only viewer (no sharing yet)', () => {
    expect(documentUploadedNotifications({ ...student, viewerIds: ['owner'] }, 'd1', maria)).toEqual([]);
    expect(accommodationsChangedNotifications({ ...student, viewerIds: ['owner'] }, { eventId: 'e1', added: 1, removed: 0 }, maria)).toEqual([]);
  });

  it('sends feedback on changed accommodations, naming who changed them (the owner is no co-teacher) and how many', () => {
    const drafts = accommodationsChangedNotifications(student, { eventId: 'e1', added: 2, removed: 1 }, maria);
    expect(drafts.map((d) => [d.userId, d.type, d.message])).toEqual([
      ['coteacher', 'feedback', 'Maria Lopez changed the accommodations for Maya R. (2 added, 1 removed).'],
      ['counselor', 'feedback', 'Maria Lopez changed the accommodations for Maya R. (2 added, 1 removed).'],
    ]);
  });

  it("tells the people a student is shared with, not the owner, when Premium's end archives it and when it comes back", () => {
    const archived = archiveChangedNotifications(student, { eventId: 'e1', archived: true }, 'owner');
    expect(archived.map((d) => [d.userId, d.type, d.title])).toEqual([
      ['coteacher', 'system', 'Student archived'],
      ['counselor', 'system', 'Student archived'],
    ]);
    expect(archived[0]!.message).toContain('Maya R. is archived');
    const restored = archiveChangedNotifications(student, { eventId: 'e2', archived: false }, 'owner');
    expect(restored.map((d) => d.title)).toEqual(['Student restored', 'Student restored']);
    expect(notificationIdFor(restored[0]!.dedupeKey)).not.toBe(notificationIdFor(archived[0]!.dedupeKey));
  });

  it('gives each recipient of each change its own stable notification id', () => {
    const [a, b] = documentUploadedNotifications(student, 'd1', sam);
    const again = documentUploadedNotifications(student, 'd1', sam);
    expect(notificationIdFor(a!.dedupeKey)).toBe(notificationIdFor(again[0]!.dedupeKey));
    expect(notificationIdFor(a!.dedupeKey)).not.toBe(notificationIdFor(b!.dedupeKey));
    expect(notificationIdFor(a!.dedupeKey)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe('who hears about a share', () => {
  const grant = { eventId: 'e2', studentId: 's1', studentLabel: 'Maya R.', granteeUserId: 'sub', role: 'substitute' };

  it('tells the grantee, with the student and the role', () => {
    expect(shareGrantedNotifications(grant, 'owner')).toEqual([
      {
        userId: 'sub',
        type: 'system',
        title: 'Student shared with you',
        message: 'Maya R. was shared with you as a substitute.',
        studentId: 's1',
        planId: null,
        dedupeKey: 'share-granted:e2:sub',
      },
    ]);
  });

  it('tells nobody while the share is pending, or when the grantee made the change', () => {
    expect(shareGrantedNotifications({ ...grant, granteeUserId: null }, 'owner')).toEqual([]);
    expect(shareGrantedNotifications(grant, 'sub')).toEqual([]);
    expect(shareEndedNotifications({ eventId: 'e3', granteeUserId: null, reason: 'revoked' }, 'owner')).toEqual([]);
    expect(shareEndedNotifications({ eventId: 'e3', granteeUserId: 'sub', reason: 'revoked' }, 'sub')).toEqual([]);
  });

  it('tells the former grantee that access ended, without naming or linking the student', () => {
    const [revoked] = shareEndedNotifications({ eventId: 'e3', granteeUserId: 'sub', reason: 'revoked' }, 'owner');
    const [expired] = shareEndedNotifications({ eventId: 'e4', granteeUserId: 'sub', reason: 'expired' }, 'system');
    expect(revoked).toEqual({
      userId: 'sub',
      type: 'system',
      title: 'Shared access removed',
      message: 'A student is no longer shared with you.',
      studentId: null,
      planId: null,
      dedupeKey: 'share-ended:e3:sub',
    });
    expect(expired).toMatchObject({ title: 'Shared access expired', message: 'Your access to a shared student has expired.', dedupeKey: 'share-ended:e4:sub' });
  });
});
