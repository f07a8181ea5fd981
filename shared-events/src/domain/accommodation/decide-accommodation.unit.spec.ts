import { describe, it } from 'vitest';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { ForbiddenError, NotFoundError } from '../errors.ts';
import { accommodationDecider, TEMPLATE_READ_ONLY } from './decide-accommodation.ts';

const spec = DeciderSpecification.for(accommodationDecider);
const details = { name: 'Extended Time', category: 'academic', description: null, appliesToTests: false };
const added = (ownerId: string | null) =>
  ({ type: 'AccommodationAdded', data: { accommodationId: 'a1', ownerId, ...details } }) as const;

describe('accommodation decider', () => {
  it('adds a new accommodation for its owner', () => {
    spec.given([]).when({ type: 'AddAccommodation', accommodationId: 'a1', ownerId: 'u1', details }).then([added('u1')]);
  });

  it('treats re-seeding an existing template as nothing to do', () => {
    spec.given([added(null)]).when({ type: 'AddAccommodation', accommodationId: 'a1', ownerId: null, details }).then([]);
  });

  it('marks a template seeded before the testing mark once, and then has nothing to do', () => {
    const forTests = { ...details, appliesToTests: true };
    const marked = { type: 'AccommodationUpdated', data: { accommodationId: 'a1', ...forTests } } as const;
    spec.given([added(null)]).when({ type: 'AddAccommodation', accommodationId: 'a1', ownerId: null, details: forTests }).then([marked]);
    spec.given([added(null), marked]).when({ type: 'AddAccommodation', accommodationId: 'a1', ownerId: null, details: forTests }).then([]);
  });

  it('lets the owner rename it', () => {
    const renamed = { ...details, name: 'Extra Time' };
    spec
      .given([added('u1')])
      .when({ type: 'UpdateAccommodation', accommodationId: 'a1', userId: 'u1', details: renamed })
      .then([{ type: 'AccommodationUpdated', data: { accommodationId: 'a1', ...renamed } }]);
  });

  it("hides another teacher's accommodation as not found", () => {
    spec
      .given([added('u1')])
      .when({ type: 'RemoveAccommodation', accommodationId: 'a1', userId: 'u2' })
      .thenThrows(NotFoundError);
  });

  it('refuses to change a shared template', () => {
    spec
      .given([added(null)])
      .when({ type: 'UpdateAccommodation', accommodationId: 'a1', userId: 'u1', details })
      .thenThrows(ForbiddenError, (error) => error.message === TEMPLATE_READ_ONLY);
  });

  it('cannot remove twice', () => {
    spec
      .given([added('u1'), { type: 'AccommodationRemoved', data: { accommodationId: 'a1' } }])
      .when({ type: 'RemoveAccommodation', accommodationId: 'a1', userId: 'u1' })
      .thenThrows(NotFoundError);
  });
});
