import { describe, it } from 'vitest';
import type { ClassEvent } from '../../events/class-events.ts';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import { CLASS_ARCHIVED, ONLY_CLASS_OWNER, OWNER_STAYS } from './class-access.ts';
import { TERM_ENDS_BEFORE_START } from '../../schemas/class.ts';
import { ALREADY_CLASS_OWNER, classDecider } from './decide-class.ts';

const spec = DeciderSpecification.for(classDecider);
const details = { name: 'Period 3 Algebra I', period: '3', subject: 'Math', room: null, termStart: null, termEnd: null };
const created: ClassEvent = { type: 'ClassCreated', data: { classId: 'c1', ownerId: 'olga', schoolId: null, ...details } };
const enrolled = (...studentIds: string[]): ClassEvent => ({ type: 'EnrolmentSet', data: { classId: 'c1', studentIds } });
const invited = (granteeUserId: string | null, teacherId = 't1'): ClassEvent => ({
  type: 'ClassTeacherInvited',
  data: { classId: 'c1', teacherId, email: 'cora@school.test', granteeUserId, invitedBy: 'olga' },
});
const activated: ClassEvent = { type: 'ClassTeacherActivated', data: { classId: 'c1', teacherId: 't1', granteeUserId: 'cora' } };
const archived: ClassEvent = { type: 'ClassArchived', data: { classId: 'c1' } };
const invite = (overrides: { userId?: string; granteeUserId?: string | null } = {}) => ({
  type: 'InviteClassTeacher' as const,
  classId: 'c1',
  userId: 'olga',
  newTeacherId: 't-new',
  email: 'cora@school.test',
  granteeUserId: 'cora',
  ...overrides,
});

describe('a class', () => {
  it('is created by its owner', () =>
    spec.given([]).when({ type: 'CreateClass', classId: 'c1', ownerId: 'olga', schoolId: null, details }).then([created]));

  it('cannot be created twice', () =>
    spec.given([created]).when({ type: 'CreateClass', classId: 'c1', ownerId: 'olga', schoolId: null, details }).thenThrows(IllegalStateError));

  it('records only the fields that changed when renamed', () =>
    spec
      .given([created])
      .when({ type: 'UpdateClass', classId: 'c1', userId: 'olga', details: { ...details, name: 'Period 4 Algebra I' } })
      .then([{ type: 'ClassUpdated', data: { classId: 'c1', changes: { name: 'Period 4 Algebra I' } } }]));

  it('records nothing for an edit that changes nothing', () =>
    spec.given([created]).when({ type: 'UpdateClass', classId: 'c1', userId: 'olga', details }).then([]));

  it('is hidden as not found from someone who does not teach it', () =>
    spec.given([created]).when({ type: 'ArchiveClass', classId: 'c1', userId: 'eve' }).thenThrows(NotFoundError));

  it('can be changed by its owner only, not by a co-teacher', () =>
    spec
      .given([created, invited('cora')])
      .when({ type: 'ArchiveClass', classId: 'c1', userId: 'cora' })
      .thenThrows(ForbiddenError, (error) => error.message === ONLY_CLASS_OWNER));

  it('once archived, changes no more', () =>
    spec
      .given([created, archived])
      .when({ type: 'SetEnrolment', classId: 'c1', userId: 'olga', studentIds: ['s1'] })
      .thenThrows(IllegalStateError, (error) => error.message === CLASS_ARCHIVED));
});

describe('the term', () => {
  const termOf = (termStart: string | null, termEnd: string | null) => ({ ...details, termStart, termEnd });
  const endsBeforeStart = (error: ValidationError) => error.errors?.termEnd === TERM_ENDS_BEFORE_START;

  it('is created with its dates, or with none', () => {
    const term = termOf('2026-08-24', '2027-01-15');
    spec.given([]).when({ type: 'CreateClass', classId: 'c1', ownerId: 'olga', schoolId: null, details: term }).then([{ type: 'ClassCreated', data: { ...created.data, ...term } }]);
    spec.given([]).when({ type: 'CreateClass', classId: 'c1', ownerId: 'olga', schoolId: null, details: termOf('2026-08-24', '2026-08-24') }).then([
      { type: 'ClassCreated', data: { ...created.data, termStart: '2026-08-24', termEnd: '2026-08-24' } },
    ]);
  });

  it('refuses a term that ends before it starts', () =>
    spec
      .given([])
      .when({ type: 'CreateClass', classId: 'c1', ownerId: 'olga', schoolId: null, details: termOf('2027-01-15', '2026-08-24') })
      .thenThrows(ValidationError, endsBeforeStart));

  it('records a new end date, and refuses one before the start the class keeps', () => {
    const withTerm: ClassEvent = { type: 'ClassUpdated', data: { classId: 'c1', changes: { termStart: '2026-08-24', termEnd: '2027-01-15' } } };
    spec
      .given([created, withTerm])
      .when({ type: 'UpdateClass', classId: 'c1', userId: 'olga', details: { termEnd: '2027-06-10' } })
      .then([{ type: 'ClassUpdated', data: { classId: 'c1', changes: { termEnd: '2027-06-10' } } }]);
    spec
      .given([created, withTerm])
      .when({ type: 'UpdateClass', classId: 'c1', userId: 'olga', details: { termEnd: '2026-06-10' } })
      .thenThrows(ValidationError, endsBeforeStart);
  });

  it('can be cleared', () =>
    spec
      .given([created, { type: 'ClassUpdated', data: { classId: 'c1', changes: { termStart: '2026-08-24' } } }])
      .when({ type: 'UpdateClass', classId: 'c1', userId: 'olga', details: { termStart: null } })
      .then([{ type: 'ClassUpdated', data: { classId: 'c1', changes: { termStart: null } } }]));
});

describe('enrolment', () => {
  it('sets the whole list of students, each once', () =>
    spec.given([created]).when({ type: 'SetEnrolment', classId: 'c1', userId: 'olga', studentIds: ['s1', 's2', 's1'] }).then([enrolled('s1', 's2')]));

  it('records nothing when the same students are enrolled again, in any order', () =>
    spec.given([created, enrolled('s1', 's2')]).when({ type: 'SetEnrolment', classId: 'c1', userId: 'olga', studentIds: ['s2', 's1'] }).then([]));

  it('can empty the class', () =>
    spec.given([created, enrolled('s1')]).when({ type: 'SetEnrolment', classId: 'c1', userId: 'olga', studentIds: [] }).then([enrolled()]));
});

describe('class teachers', () => {
  it('invites a colleague whose address is verified as an active teacher', () =>
    spec.given([created]).when(invite()).then([invited('cora', 't-new')]));

  it('leaves the invitation pending for an address nobody has proved', () =>
    spec.given([created]).when(invite({ granteeUserId: null })).then([invited(null, 't-new')]));

  it('records nothing when the same address is invited again with nothing new', () => {
    spec.given([created, invited('cora')]).when(invite()).then([]);
    spec.given([created, invited(null)]).when(invite({ granteeUserId: null })).then([]);
  });

  it('refuses inviting the owner’s own address', () =>
    spec.given([created]).when(invite({ granteeUserId: 'olga' })).thenThrows(ValidationError, (error) => error.errors?.email === ALREADY_CLASS_OWNER));

  it('activates a pending teacher when the address is verified, once', () => {
    spec.given([created, invited(null)]).when({ type: 'ActivateClassTeacher', classId: 'c1', teacherId: 't1', granteeUserId: 'cora' }).then([activated]);
    spec.given([created, invited(null), activated]).when({ type: 'ActivateClassTeacher', classId: 'c1', teacherId: 't1', granteeUserId: 'cora' }).then([]);
  });

  it('lets only the owner invite', () =>
    spec.given([created, invited('cora')]).when(invite({ userId: 'cora', granteeUserId: 'dan' })).thenThrows(ForbiddenError));

  it('gives a pending invitee nothing: the class is not found for them', () =>
    spec.given([created, invited(null)]).when({ type: 'ArchiveClass', classId: 'c1', userId: 'cora' }).thenThrows(NotFoundError));
});

describe('removing a class teacher', () => {
  const remove = (overrides: { userId?: string; teacherId?: string; overseesSchool?: boolean } = {}) => ({
    type: 'RemoveClassTeacher' as const,
    classId: 'c1',
    userId: 'olga',
    teacherId: 't1',
    overseesSchool: false,
    ...overrides,
  });
  const removed: ClassEvent = { type: 'ClassTeacherRemoved', data: { classId: 'c1', teacherId: 't1' } };

  it('is the owner’s to do, for an active teacher or a pending invitation', () => {
    spec.given([created, invited('cora')]).when(remove()).then([removed]);
    spec.given([created, invited(null)]).when(remove()).then([removed]);
  });

  it('is for the school’s coordinators and administrators, the district’s admins and the import too, who do not teach the class', () =>
    spec.given([created, invited('cora')]).when(remove({ userId: 'principal', overseesSchool: true })).then([removed]));

  it('is refused to a co-teacher, and hidden from anyone else', () => {
    spec.given([created, invited('cora'), invited('dan', 't2')]).when(remove({ userId: 'dan' })).thenThrows(ForbiddenError, (error) => error.message === ONLY_CLASS_OWNER);
    spec.given([created, invited('cora')]).when(remove({ userId: 'eve' })).thenThrows(NotFoundError);
  });

  it('never removes the owner', () =>
    spec.given([created]).when(remove({ teacherId: 'olga', overseesSchool: true })).thenThrows(IllegalStateError, (error) => error.message === OWNER_STAYS));

  it('says so when the teacher is not on the class (again, after a removal)', () => {
    spec.given([created]).when(remove()).thenThrows(NotFoundError, (error) => error.message === 'Class teacher not found');
    spec.given([created, invited('cora'), removed]).when(remove()).thenThrows(NotFoundError);
  });

  it('changes nothing on an archived class', () =>
    spec.given([created, invited('cora'), archived]).when(remove({ overseesSchool: true })).thenThrows(IllegalStateError, (error) => error.message === CLASS_ARCHIVED));

  it('lets the same address be invited again afterwards, as a new invitation', () =>
    spec.given([created, invited('cora'), removed]).when(invite()).then([invited('cora', 't-new')]));
});

describe("a school's class, made by an import from the SIS", () => {
  const schoolClass: ClassEvent = { type: 'ClassCreated', data: { classId: 'c1', ownerId: null, schoolId: 'school-1', ...details } };
  const leadInvited: ClassEvent = {
    type: 'ClassTeacherInvited',
    data: { classId: 'c1', teacherId: 't-lead', email: 'maria@school.test', granteeUserId: 'maria', invitedBy: 'dana', lead: true },
  };
  const coTeacherInvited: ClassEvent = {
    type: 'ClassTeacherInvited',
    data: { classId: 'c1', teacherId: 't-co', email: 'sam@school.test', granteeUserId: 'sam', invitedBy: 'dana' },
  };
  const rename = (userId: string, overseesSchool?: boolean) => ({
    type: 'UpdateClass' as const,
    classId: 'c1',
    userId,
    details: { name: 'Algebra I' },
    ...(overseesSchool === undefined ? {} : { overseesSchool }),
  });
  const renamed: ClassEvent = { type: 'ClassUpdated', data: { classId: 'c1', changes: { name: 'Algebra I' } } };

  it('has no owner, and needs a school', () =>
    spec.given([]).when({ type: 'CreateClass', classId: 'c1', ownerId: null, schoolId: null, details }).thenThrows(IllegalStateError));

  it('is led by its lead teacher, who changes it as an owner would', () => spec.given([schoolClass, leadInvited, coTeacherInvited]).when(rename('maria')).then([renamed]));

  it('is read, not changed, by its other teachers', () =>
    spec.given([schoolClass, leadInvited, coTeacherInvited]).when(rename('sam')).thenThrows(ForbiddenError, (error) => error.message === ONLY_CLASS_OWNER));

  it('is changed by whoever oversees its school: the import, acting for the district, is nobody’s teacher', () =>
    spec.given([schoolClass]).when(rename('dana', true)).then([renamed]));

  it('is hidden from the importing admin who does not oversee it here', () => spec.given([schoolClass, leadInvited]).when(rename('dana')).thenThrows(NotFoundError));

  it('invites a teacher who has not signed in yet, pending, though the class has no owner', () =>
    spec
      .given([schoolClass])
      .when({ ...invite({ userId: 'dana', granteeUserId: null }), newTeacherId: 't-lead', email: 'maria@school.test', lead: true, overseesSchool: true })
      .then([{ ...leadInvited, data: { ...leadInvited.data, granteeUserId: null } }]));

  it('keeps the lead an invitation set when the SIS invites the same address again', () =>
    spec
      .given([schoolClass, { ...leadInvited, data: { ...leadInvited.data, granteeUserId: null } }])
      .when({ ...invite({ userId: 'dana' }), email: 'maria@school.test', granteeUserId: 'maria', lead: false, overseesSchool: true })
      .then([{ ...leadInvited, data: { ...leadInvited.data, granteeUserId: 'maria' } }]));
});
