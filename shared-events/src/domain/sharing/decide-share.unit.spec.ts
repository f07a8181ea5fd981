import { describe, it } from 'vitest';
import type { StudentEvent } from '../../events/student-events.ts';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { ALREADY_OWNER, sharingDecider } from './decide-share.ts';

const spec = DeciderSpecification.for(sharingDecider);
const details = { firstName: 'Jane', lastInitial: 'D', grade: '4', status: 'active', birthdate: null, parentName: null, parentEmail: null, parentNotes: null, notes: null };
const added: StudentEvent = { type: 'StudentAdded', data: { studentId: 's1', ownerId: 'owner', ...details } };
const shared = (overrides: Partial<Extract<StudentEvent, { type: 'StudentShared' }>['data']> = {}): StudentEvent => ({
  type: 'StudentShared',
  data: { studentId: 's1', shareId: 'sh1', role: 'co-teacher', expiresAt: null, grantedBy: 'owner', granteeUserId: 'bob', email: 'bob@school.test', ...overrides },
});
const share = (overrides: Record<string, unknown> = {}) => ({
  type: 'ShareStudent' as const,
  studentId: 's1',
  newShareId: 'sh-new',
  email: 'bob@school.test',
  role: 'co-teacher' as const,
  expiresAt: null,
  granteeUserId: 'bob',
  grantedBy: 'owner',
  ...overrides,
});

describe('sharing a student', () => {
  it('grants a new share to a registered colleague', () =>
    spec.given([added]).when(share()).then([shared({ shareId: 'sh-new' })]));

  it('leaves a pending share for an e-mail without an account', () =>
    spec.given([added]).when(share({ granteeUserId: null, email: 'new@school.test' })).then([shared({ shareId: 'sh-new', granteeUserId: null, email: 'new@school.test' })]));

  it('updates the existing share when the same e-mail is shared again', () =>
    spec.given([added, shared()]).when(share({ role: 'substitute', expiresAt: '2030-01-31' })).then([shared({ role: 'substitute', expiresAt: '2030-01-31' })]));

  it('records nothing when the same share is granted again unchanged', () => spec.given([added, shared()]).when(share()).then([]));

  it('refuses sharing with yourself', () =>
    spec.given([added]).when(share({ granteeUserId: 'owner', email: 'owner@school.test' })).thenThrows(ValidationError, (error) => error.message === ALREADY_OWNER && error.errors?.email === ALREADY_OWNER));

  // Who may share is the access rules' (the owner, and a school's coordinators); the grant says who made it.
  it('records who granted the share, the owner or not', () =>
    spec
      .given([added])
      .when(share({ grantedBy: 'cora', email: 'carol@school.test' }))
      .then([shared({ shareId: 'sh-new', grantedBy: 'cora', email: 'carol@school.test' })]));

  it('cannot share a deleted student', () =>
    spec.given([added, { type: 'StudentDeleted', data: { studentId: 's1' } }]).when(share()).thenThrows(NotFoundError));
});

describe('pending shares and revocation', () => {
  const pending = shared({ granteeUserId: null });
  it('activates a pending share when its person verifies the address', () =>
    spec.given([added, pending]).when({ type: 'ActivateShare', studentId: 's1', shareId: 'sh1', granteeUserId: 'bob' })
      .then([{ type: 'ShareActivated', data: { studentId: 's1', shareId: 'sh1', granteeUserId: 'bob' } }]));

  it('does not activate a share that is already active or was revoked', () => {
    spec.given([added, shared()]).when({ type: 'ActivateShare', studentId: 's1', shareId: 'sh1', granteeUserId: 'bob' }).then([]);
    spec.given([added, pending, { type: 'ShareRevoked', data: { studentId: 's1', shareId: 'sh1' } }])
      .when({ type: 'ActivateShare', studentId: 's1', shareId: 'sh1', granteeUserId: 'bob' }).then([]);
  });

  it('never activates a share for the student’s own owner, who verified an address it was pending for', () =>
    spec.given([added, pending]).when({ type: 'ActivateShare', studentId: 's1', shareId: 'sh1', granteeUserId: 'owner' }).then([]));

  it('revokes a share', () =>
    spec.given([added, shared()]).when({ type: 'RevokeShare', studentId: 's1', shareId: 'sh1' }).then([{ type: 'ShareRevoked', data: { studentId: 's1', shareId: 'sh1' } }]));

  it('cannot revoke a share twice', () =>
    spec.given([added, shared(), { type: 'ShareRevoked', data: { studentId: 's1', shareId: 'sh1' } }]).when({ type: 'RevokeShare', studentId: 's1', shareId: 'sh1' }).thenThrows(NotFoundError));

  it('after revoking, sharing the same e-mail again makes a new share', () =>
    spec.given([added, shared(), { type: 'ShareRevoked', data: { studentId: 's1', shareId: 'sh1' } }]).when(share()).then([shared({ shareId: 'sh-new' })]));
});

describe('a share reaching its expiry date (the workers’ job)', () => {
  const expire = { type: 'ExpireShare' as const, studentId: 's1', shareId: 'sh1', expiresAt: '2030-01-31' };
  const expired: StudentEvent = { type: 'ShareExpired', data: { studentId: 's1', shareId: 'sh1' } };

  it('ends the share granted with that date, pending or active', () => {
    spec.given([added, shared({ expiresAt: '2030-01-31' })]).when(expire).then([expired]);
    spec.given([added, shared({ expiresAt: '2030-01-31', granteeUserId: null })]).when(expire).then([expired]);
  });

  it('finds nothing to do once it has ended, been revoked, passed to its grantee, or been granted again with another date', () => {
    spec.given([added, shared({ expiresAt: '2030-01-31' }), expired]).when(expire).then([]);
    spec.given([added, shared({ expiresAt: '2030-01-31' }), { type: 'ShareRevoked', data: { studentId: 's1', shareId: 'sh1' } }]).when(expire).then([]);
    spec
      .given([added, shared({ expiresAt: '2030-01-31' }), { type: 'StudentOwnershipTransferred', data: { studentId: 's1', shareId: 'sh1', fromUserId: 'owner', toUserId: 'bob' } }])
      .when(expire)
      .then([]);
    spec.given([added, shared({ expiresAt: '2030-01-31' }), shared({ expiresAt: '2030-06-30' })]).when(expire).then([]);
    spec.given([added, shared({ expiresAt: '2030-01-31' }), shared({ expiresAt: null })]).when(expire).then([]);
  });

  it('ends a share granted again with its date after it had expired', () =>
    spec.given([added, shared({ expiresAt: '2030-01-31' }), expired, shared({ expiresAt: '2030-01-31', role: 'substitute' })]).when(expire).then([expired]));
});

describe('the owner deleting their account', () => {
  const handOver = (overrides: Record<string, unknown> = {}) => ({
    type: 'HandOverForAccountDeletion' as const,
    studentId: 's1',
    ownerId: 'owner',
    now: '2027-01-10T12:00:00.000Z',
    departedUserIds: [],
    ...overrides,
  });
  const transferredTo = (toUserId: string, shareId: string): StudentEvent => ({
    type: 'StudentOwnershipTransferred',
    data: { studentId: 's1', shareId, fromUserId: 'owner', toUserId },
  });
  const deleted: StudentEvent = { type: 'StudentDeleted', data: { studentId: 's1' } };
  const carol = (overrides: Record<string, unknown> = {}) =>
    shared({ shareId: 'sh2', granteeUserId: 'carol', email: 'carol@school.test', ...overrides });

  it('passes the student to the co-teacher whose share became active first', () =>
    spec.given([added, shared(), carol()]).when(handOver()).then([transferredTo('bob', 'sh1')]));

  it('counts from activation, not from the grant: a share accepted later stands behind one active already', () =>
    spec
      .given([added, shared({ granteeUserId: null }), carol(), { type: 'ShareActivated', data: { studentId: 's1', shareId: 'sh1', granteeUserId: 'bob' } }])
      .when(handOver())
      .then([transferredTo('carol', 'sh2')]));

  it('keeps a co-teacher’s place when the owner only changed their share’s expiry', () =>
    spec.given([added, shared(), carol(), shared({ expiresAt: '2030-01-31' })]).when(handOver()).then([transferredTo('bob', 'sh1')]));

  it('passes over substitutes, auditors, pending and expired shares, and departed accounts', () =>
    spec
      .given([
        added,
        shared({ shareId: 'sub', role: 'substitute', granteeUserId: 'sam', email: 'sam@school.test' }),
        shared({ shareId: 'aud', role: 'auditor', granteeUserId: 'ann', email: 'ann@school.test' }),
        shared({ shareId: 'pen', granteeUserId: null, email: 'pat@school.test' }),
        shared({ shareId: 'old', granteeUserId: 'otto', email: 'otto@school.test', expiresAt: '2027-01-09' }),
        shared({ shareId: 'gone', granteeUserId: 'gus', email: 'gus@school.test' }),
        carol(),
      ])
      .when(handOver({ departedUserIds: ['gus'] }))
      .then([transferredTo('carol', 'sh2')]));

  it('deletes the student when no co-teacher can take it over', () => {
    spec.given([added]).when(handOver()).then([deleted]);
    spec.given([added, shared({ role: 'substitute' })]).when(handOver()).then([deleted]);
    spec.given([added, shared(), { type: 'ShareRevoked', data: { studentId: 's1', shareId: 'sh1' } }]).when(handOver()).then([deleted]);
  });

  it('lets the new owner share the student, and hands it on again when they leave', () => {
    spec.given([added, shared(), transferredTo('bob', 'sh1')]).when(share({ grantedBy: 'bob', granteeUserId: 'carol', email: 'carol@school.test' }))
      .then([shared({ shareId: 'sh-new', grantedBy: 'bob', granteeUserId: 'carol', email: 'carol@school.test' })]);
    spec.given([added, shared(), carol(), transferredTo('bob', 'sh1')]).when(handOver({ ownerId: 'bob' })).then([
      { type: 'StudentOwnershipTransferred', data: { studentId: 's1', shareId: 'sh2', fromUserId: 'bob', toUserId: 'carol' } },
    ]);
  });

  it('is only the owner’s to do', () => spec.given([added, shared()]).when(handOver({ ownerId: 'bob' })).thenThrows(ForbiddenError));
});

describe('after the school hands the student over', () => {
  const handedOver: StudentEvent = { type: 'StudentHandedOver', data: { studentId: 's1', fromUserId: 'owner', toUserId: 'nina', reason: 'left-school' } };

  it('refuses a share to the new owner', () =>
    spec.given([added, handedOver]).when(share({ granteeUserId: 'nina', email: 'nina@school.test' })).thenThrows(ValidationError, (error) => error.message === ALREADY_OWNER));

  it('lets the departed owner be shared with', () =>
    spec.given([added, handedOver]).when(share({ grantedBy: 'nina', granteeUserId: 'owner', email: 'owner@school.test' }))
      .then([shared({ shareId: 'sh-new', grantedBy: 'nina', granteeUserId: 'owner', email: 'owner@school.test' })]));

  it('does not activate a pending share for the new owner', () =>
    spec.given([added, shared({ granteeUserId: null, email: 'nina@school.test' }), handedOver])
      .when({ type: 'ActivateShare', studentId: 's1', shareId: 'sh1', granteeUserId: 'nina' }).then([]));

  it('only the new owner hands the student on when their account goes', () => {
    spec.given([added, handedOver]).when(handOverBy({ ownerId: 'owner' })).thenThrows(ForbiddenError);
    spec.given([added, handedOver]).when(handOverBy({ ownerId: 'nina' })).then([{ type: 'StudentDeleted', data: { studentId: 's1' } }]);
  });
});

function handOverBy(overrides: Record<string, unknown> = {}) {
  return { type: 'HandOverForAccountDeletion' as const, studentId: 's1', ownerId: 'owner', now: '2027-01-10T12:00:00.000Z', departedUserIds: [], ...overrides };
}
