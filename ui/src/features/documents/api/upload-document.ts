import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_TYPES, MAX_DOCUMENT_BYTES, type StudentDocument } from '@accommodate/shared-events/schemas/document';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface UploadDocumentVariables {
  studentId: string;
  file: File;
}

const ACCEPTED_EXTENSIONS = /\.(docx?|pdf|png|jpe?g|gif|webp)$/i;

/**
 * A quick check before the bytes travel; the server decides by content, so this
 * only spares the user a slow upload that would be refused anyway.
 */
export function documentProblem(file: { name: string; size: number; type: string }): string | null {
  if (file.size > MAX_DOCUMENT_BYTES) return 'The file is larger than 10 MB.';
  const knownType = file.type !== '' && file.type in DOCUMENT_TYPES;
  if (!knownType && !ACCEPTED_EXTENSIONS.test(file.name)) return 'Only PDF, image and Word files can be uploaded.';
  return null;
}

export const uploadDocument = ({ studentId, file }: UploadDocumentVariables): Promise<StudentDocument> => {
  const body = new FormData();
  body.append('file', file);
  return apiRequest<StudentDocument>(`/api/students/${encodeURIComponent(studentId)}/documents`, {
    method: 'POST',
    body,
  });
};

export const useUploadDocument = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: (_document, { studentId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.studentDocuments(studentId) }),
  });
};
