import { describe, expect, it } from 'vitest';
import { CHOICE_NOT_A_CANDIDATE, matchSchools, schoolChoiceNeeded, type SchoolChoices } from './roster-school-match.ts';

const orgId = (sourcedId: string) => `org-${sourcedId}`;
const north = { id: 'north', name: 'North Middle' };
const match = (orgs: { sourcedId: string; name: string }[], options: { existing?: { id: string; name: string }[]; linked?: string[]; links?: Record<string, string>; choices?: SchoolChoices } = {}) =>
  matchSchools(orgs, { orgId, existing: options.existing ?? [north], linkedIds: new Set(options.linked ?? []), links: options.links ?? {}, choices: options.choices ?? {} });

describe('matching the SIS’s orgs to the schools made by hand', () => {
  it('links an org to the one free school of its name, case and spacing aside', () => {
    expect(match([{ sourcedId: 's1', name: ' north  MIDDLE' }])).toEqual({
      matches: [{ sourcedId: 's1', name: ' north  MIDDLE', candidates: [{ schoolId: 'north', name: 'North Middle', linked: false }], schoolId: 'north', choice: 'matched' }],
      links: { 'org-s1': 'north' },
      problems: [],
    });
  });

  it('leaves alone an org with no school of its name, and one linked or imported before', () => {
    expect(match([{ sourcedId: 's1', name: 'South High' }])).toEqual({ matches: [], links: {}, problems: [] });
    expect(match([{ sourcedId: 's1', name: 'North Middle' }], { links: { 'org-s1': 'north' } }).matches).toEqual([]);
    expect(match([{ sourcedId: 's1', name: 'North Middle' }], { existing: [north, { id: 'org-s1', name: 'North Middle' }] }).matches).toEqual([]);
  });

  it('never guesses: a school linked to another org, two schools of the name, or two orgs for one school ask the admin', () => {
    const linked = match([{ sourcedId: 's1', name: 'North Middle' }], { linked: ['north'] });
    expect(linked).toMatchObject({ matches: [{ choice: 'needed', schoolId: null }], links: {}, problems: [schoolChoiceNeeded('North Middle')] });
    const two = match([{ sourcedId: 's1', name: 'North Middle' }], { existing: [north, { id: 'north-2', name: 'north middle' }] });
    expect(two.matches[0]?.choice).toBe('needed');
    const twice = match([{ sourcedId: 's1', name: 'North Middle' }, { sourcedId: 's2', name: 'NORTH MIDDLE' }]);
    expect(twice.matches.map((each) => each.choice)).toEqual(['needed', 'needed']);
  });

  it('takes the admin’s choice: one of the candidates, or a new school; anything else is refused', () => {
    const options = { linked: ['north'], existing: [north, { id: 'north-2', name: 'North Middle' }] };
    expect(match([{ sourcedId: 's1', name: 'North Middle' }], { ...options, choices: { s1: 'north-2' } })).toMatchObject({ matches: [{ choice: 'chosen', schoolId: 'north-2' }], links: { 'org-s1': 'north-2' }, problems: [] });
    expect(match([{ sourcedId: 's1', name: 'North Middle' }], { ...options, choices: { s1: 'new' } })).toMatchObject({ matches: [{ choice: 'new', schoolId: null }], links: {}, problems: [] });
    expect(match([{ sourcedId: 's1', name: 'North Middle' }], { ...options, choices: { s1: 'elsewhere' } }).problems).toEqual([CHOICE_NOT_A_CANDIDATE]);
  });
});
