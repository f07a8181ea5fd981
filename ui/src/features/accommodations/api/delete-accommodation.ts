import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface DeleteAccommodationVariables {
  id: string;
  revision: number;
}

export const deleteAccommodation = ({ id, revision }: DeleteAccommodationVariables): Promise<void> =>
  apiRequest<void>(`/api/accommodations/${encodeURIComponent(id)}`, { method: 'DELETE', ifMatch: revision });

export const useDeleteAccommodation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccommodation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.accommodationLibrary() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allStudentAccommodations() }),
      ]),
  });
};
