import { caseloadProjection } from '@accommodate/projections/definitions/caseload-projection';
import { organisationQueries, type DistrictDoc, type SchoolDoc } from '@accommodate/projections/queries/organisation-queries';
import { DISTRICTS, SCHOOLS } from '@accommodate/projections/queries/organisation-schema';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { readModelVersion } from '../framework/read-model-cache.ts';

export interface OrganisationReads {
  schoolById(schoolId: string): Promise<SchoolDoc | null>;
  districtById(districtId: string): Promise<DistrictDoc | null>;
}

interface Memo {
  version: (given?: string) => Promise<string>;
  keptAt: string | null;
  schools: Map<string, SchoolDoc | null>;
  districts: Map<string, DistrictDoc | null>;
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
 * CPU of a coordinator's cached list of 2,500 students (bench findings §11). Frozen, since every request shares them.
 */
export async function organisationReads(readStore: ReadStore): Promise<OrganisationReads> {
  let memo = memos.get(readStore);
  if (!memo) {
    const version = readModelVersion(readStore, [{ projection: caseloadProjection.name, collections: [SCHOOLS, DISTRICTS] }]);
    memo = { version, keptAt: null, schools: new Map(), districts: new Map() };
    memos.set(readStore, memo);
  }
  const kept = memo;
  const version = await kept.version();
  if (version !== kept.keptAt) {
    kept.schools.clear();
    kept.districts.clear();
    kept.keptAt = version;
  }
  const queries = organisationQueries(readStore);
  // A document read after the version was asked is as new as that version or newer: it may be kept under it.
  const remembered = <T>(known: Map<string, T | null>, read: (id: string) => Promise<T | null>) => async (id: string): Promise<T | null> => {
    if (known.has(id)) return known.get(id)!;
    const found = deepFreeze(await read(id));
    if (kept.keptAt === version) known.set(id, found);
    return found;
  };
  return { schoolById: remembered(kept.schools, queries.schoolById), districtById: remembered(kept.districts, queries.districtById) };
}
