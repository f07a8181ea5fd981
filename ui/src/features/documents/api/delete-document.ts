import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface DeleteDocumentVariables {
  studentId: string;
  documentId: string;
}

export const deleteDocument = ({ documentId }: DeleteDocumentVariables): Promise<void> =>
  apiRequest<void>(`/api/documents/${encodeURIComponent(documentId)}`, { method: 'DELETE' });

export const useDeleteDocument = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_result, { studentId }) => queryClient.invalidateQueries({ queryKey: queryKeys.studentDocuments(studentId) }),
  });
};
