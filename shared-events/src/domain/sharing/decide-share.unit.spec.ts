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

  it('lets only the owner share', () => spec.given([added, shared()]).when(share({ grantedBy: 'bob', email: 'carol@school.test' })).thenThrows(ForbiddenError));

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
