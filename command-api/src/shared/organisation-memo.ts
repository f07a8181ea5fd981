import { caseloadProjection } from '@accommodate/projections/definitions/caseload-projection';
import { organisationQueries, type DistrictDoc, type SchoolDoc } from '@accommodate/projections/queries/organisation-queries';
import { DISTRICTS, SCHOOLS } from '@accommodate/projections/queries/organisation-schema';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { keptUnderStamp, type KeptUnderStamp } from '@accommodate/projections/store/kept-under-stamp';
import { readModelVersion } from '../framework/read-model-cache.ts';

export interface OrganisationReads {
  schoolById(schoolId: string): Promise<SchoolDoc | null>;
  districtById(districtId: string): Promise<DistrictDoc | null>;
}

interface Memo {
  version: (given?: string) => Promise<string>;
  schools: KeptUnderStamp<string, SchoolDoc | null>;
  districts: KeptUnderStamp<string, DistrictDoc | null>;
}

/** Per read store: an API node has one, tests many. */
const memos = new WeakMap<object, Memo>();

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * Schools and districts as last read, kept until a school or district changes. Every school-scoped request reads its
 * school to judge the caller's role, and a school's document carries its whole staff: parsing it was 40 % of the
 * CPU of a coordinator's cached list of 2,500 students. Frozen, since every request shares them.
 */
export async function organisationReads(readStore: ReadStore): Promise<OrganisationReads> {
  let memo = memos.get(readStore);
  if (!memo) {
    const version = readModelVersion(readStore, [{ projection: caseloadProjection.name, collections: [SCHOOLS, DISTRICTS] }]);
    memo = { version, schools: keptUnderStamp(null), districts: keptUnderStamp(null) };
    memos.set(readStore, memo);
  }
  const version = await memo.version();
  memo.schools.stamp(version);
  memo.districts.stamp(version);
  const queries = organisationQueries(readStore);
  // A document read after the version was asked is as new as that version or newer: it may be kept under it.
  const remembered = <T>(known: KeptUnderStamp<string, T | null>, read: (id: string) => Promise<T | null>) => async (id: string): Promise<T | null> => {
    if (known.has(id)) return known.get(id) ?? null;
    const found = deepFreeze(await read(id));
    known.keep(id, found, version);
    return found;
  };
  return { schoolById: remembered(memo.schools, queries.schoolById), districtById: remembered(memo.districts, queries.districtById) };
}
