import { describe, it } from 'vitest';
import type { DistrictEvent } from '../../events/district-events.ts';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { districtDecider, ERASE_CONFIRMATION } from './decide-district.ts';

// Retention and leaving the product.
const spec = DeciderSpecification.for(districtDecider);
const withMessage = (message: string) => (error: Error) => error.message === message;
const created: DistrictEvent = { type: 'DistrictCreated', data: { districtId: 'd1', name: 'Lakeside USD', createdBy: 'dana' } };
const setTo = (yearsAfterLeaving: number, userId = 'dana') => ({ type: 'SetRetention' as const, districtId: 'd1', userId, yearsAfterLeaving });
const fiveYears: DistrictEvent = { type: 'DistrictRetentionSet', data: { districtId: 'd1', yearsAfterLeaving: 5, setBy: 'dana' } };
const erase = (confirmName: string, userId = 'dana') => ({ type: 'EraseDistrict' as const, districtId: 'd1', userId, confirmName, studentsErased: 3, schoolIds: ['north'] });
const erased: DistrictEvent = { type: 'DistrictErased', data: { districtId: 'd1', erasedBy: 'dana', studentsErased: 3, schoolIds: ['north'] } };

describe('a district’s retention rule', () => {
  it('is set by its admin in whole years, and setting the same again changes nothing', () => {
    spec.given([created]).when(setTo(5)).then([fiveYears]);
    spec.given([created, fiveYears]).when(setTo(5)).then([]);
    spec.given([created, fiveYears]).when(setTo(7)).then([{ type: 'DistrictRetentionSet', data: { districtId: 'd1', yearsAfterLeaving: 7, setBy: 'dana' } }]);
  });

  it('refuses less than a year, and anyone who does not administer the district', () => {
    spec.given([created]).when(setTo(0)).thenThrows(ValidationError);
    spec.given([created]).when(setTo(5, 'stranger')).thenThrows(NotFoundError);
  });
});

describe('erasing a district that leaves the product', () => {
  it('needs its name typed exactly (spaces around it aside)', () => {
    spec.given([created]).when(erase('Lakeside')).thenThrows(ValidationError, withMessage(ERASE_CONFIRMATION));
    spec.given([created]).when(erase(' Lakeside USD ')).then([erased]);
  });

  it('is its admins’ alone, and an erased district is not found any more', () => {
    spec.given([created]).when(erase('Lakeside USD', 'stranger')).thenThrows(NotFoundError);
    spec.given([created, erased]).when(setTo(5)).thenThrows(NotFoundError);
  });
});
