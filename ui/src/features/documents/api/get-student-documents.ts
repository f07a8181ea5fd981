import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentDocument } from '@accommodate/shared-events/schemas/document';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getStudentDocuments = (studentId: string): Promise<StudentDocument[]> =>
  apiRequest<StudentDocument[]>(`/api/students/${encodeURIComponent(studentId)}/documents`);

export const getStudentDocumentsQueryOptions = (studentId: string) =>
  queryOptions({
    queryKey: queryKeys.studentDocuments(studentId),
    queryFn: () => getStudentDocuments(studentId),
    enabled: studentId !== '',
  });

export const useStudentDocuments = (studentId: string) => useQuery(getStudentDocumentsQueryOptions(studentId));

export const documentDownloadUrl = (documentId: string): string =>
  `/api/documents/${encodeURIComponent(documentId)}/download`;
