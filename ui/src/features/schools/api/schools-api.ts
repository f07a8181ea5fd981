import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { District, DistrictAdmin, MySchool, School, StaffMember, StaffRole } from '@accommodate/shared-events/schemas/school';
import type { RolloverReport } from '@accommodate/shared-events/schemas/rollover';
import type { StudentListItem } from '@accommodate/shared-events/schemas/student';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type { District, DistrictAdmin, MySchool, School, StaffMember, StaffRole, RolloverReport };

const schoolPath = (id: string) => `/api/schools/${encodeURIComponent(id)}`;
const districtPath = (id: string) => `/api/districts/${encodeURIComponent(id)}`;

/** The schools I work at, or whose district I administer, with how I reach each. */
export { useMySchools } from '../../../lib/my-schools.ts';
export const useSchoolStaff = (schoolId: string) =>
  useQuery({ queryKey: queryKeys.schoolStaff(schoolId), queryFn: () => apiRequest<StaffMember[]>(`${schoolPath(schoolId)}/staff`) });
/** The districts I administer. */
export { useMyDistricts } from '../../../lib/my-districts.ts';
export const useDistrictSchools = (districtId: string) =>
  useQuery({ queryKey: queryKeys.districtSchools(districtId), queryFn: () => apiRequest<School[]>(`${districtPath(districtId)}/schools`) });
/** The district's admins, and its pending admin invitations. */
export const useDistrictAdmins = (districtId: string) =>
  useQuery({ queryKey: queryKeys.districtAdmins(districtId), queryFn: () => apiRequest<DistrictAdmin[]>(`${districtPath(districtId)}/admins`) });

/** Every change to a school or district: the school and district keys refetch (the staff and schools lists under them). */
function useOrganisationMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.schools() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.districts() }),
      ]),
  });
}

export const useInviteStaff = () =>
  useOrganisationMutation(({ schoolId, email, role }: { schoolId: string; email: string; role: StaffRole }) =>
    apiRequest<unknown>(`${schoolPath(schoolId)}/staff`, { method: 'POST', body: { email, role } }),
  );
/** `member` is the account's id, or a pending invitation's staffId. */
export const useChangeStaffRole = () =>
  useOrganisationMutation(({ schoolId, member, role }: { schoolId: string; member: string; role: StaffRole }) =>
    apiRequest<void>(`${schoolPath(schoolId)}/staff/${encodeURIComponent(member)}`, { method: 'PATCH', body: { role } }),
  );
export const useRemoveStaff = () =>
  useOrganisationMutation(({ schoolId, member }: { schoolId: string; member: string }) =>
    apiRequest<void>(`${schoolPath(schoolId)}/staff/${encodeURIComponent(member)}`, { method: 'DELETE' }),
  );

export const useCreateDistrict = () =>
  useOrganisationMutation((name: string) => apiRequest<District>('/api/districts', { method: 'POST', body: { name } }));
export const useAddSchool = () =>
  useOrganisationMutation(({ districtId, name }: { districtId: string; name: string }) =>
    apiRequest<School>(`${districtPath(districtId)}/schools`, { method: 'POST', body: { name } }),
  );
export const useRenameSchool = () =>
  useOrganisationMutation(({ schoolId, name }: { schoolId: string; name: string }) => apiRequest<School>(schoolPath(schoolId), { method: 'PATCH', body: { name } }));
/** An empty school goes (the server answers 409, with what keeps it, otherwise). */
export const useDeleteSchool = () => useOrganisationMutation((schoolId: string) => apiRequest<void>(schoolPath(schoolId), { method: 'DELETE' }));
export const useAddDistrictAdmin = () =>
  useOrganisationMutation(({ districtId, email }: { districtId: string; email: string }) =>
    apiRequest<unknown>(`${districtPath(districtId)}/admins`, { method: 'POST', body: { email } }),
  );
/** `admin` is the account's id, or a pending invitation's id (DistrictAdmin.id). */
export const useRemoveDistrictAdmin = () =>
  useOrganisationMutation(({ districtId, admin }: { districtId: string; admin: string }) =>
    apiRequest<void>(`${districtPath(districtId)}/admins/${encodeURIComponent(admin)}`, { method: 'DELETE' }),
  );

/** A dry run answers what would change; applying it changes students and plans, so their lists refetch. */
export const useRollover = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ schoolId, ...body }: { schoolId: string; schoolYear: string; dryRun: boolean; highestGrade?: string }) =>
      apiRequest<RolloverReport>(`${schoolPath(schoolId)}/rollover`, { method: 'POST', body }),
    onSuccess: (report) =>
      report.applied
        ? Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.students() }), queryClient.invalidateQueries({ queryKey: queryKeys.plans() })])
        : undefined,
  });
};

/** Every student of the school I may see (all of them for a coordinator, an admin or a district admin). */
export const useSchoolStudents = (schoolId: string) =>
  useQuery({
    queryKey: queryKeys.schoolStudents(schoolId),
    queryFn: () => apiRequest<StudentListItem[]>(`/api/students?schoolId=${encodeURIComponent(schoolId)}`),
  });

/** The student's case manager (a staff member of its school, or none) and its move to another school of the district. */
export const useAssignCaseManager = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, userId }: { studentId: string; userId: string | null }) =>
      apiRequest<unknown>(`/api/students/${encodeURIComponent(studentId)}/case-manager`, { method: 'PUT', body: { userId } }),
    onSuccess: (_, { studentId }) => queryClient.invalidateQueries({ queryKey: queryKeys.student(studentId) }),
  });
};
export const useTransferStudent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, schoolId }: { studentId: string; schoolId: string }) =>
      apiRequest<unknown>(`/api/students/${encodeURIComponent(studentId)}/transfer`, { method: 'POST', body: { schoolId } }),
    onSuccess: (_, { studentId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.student(studentId) }), queryClient.invalidateQueries({ queryKey: queryKeys.schoolStudentsAll() })]),
  });
};
