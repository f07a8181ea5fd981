import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Accommodation, AccommodationForm } from '@accommodate/shared-events/schemas/accommodation';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface UpdateAccommodationVariables {
  id: string;
  revision: number;
  form: AccommodationForm;
}

export const updateAccommodation = ({ id, revision, form }: UpdateAccommodationVariables): Promise<Accommodation> =>
  apiRequest<Accommodation>(`/api/accommodations/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: form,
    ifMatch: revision,
  });

export const useUpdateAccommodation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccommodation,
    // Students show accommodation names too, so their views refresh as well.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.accommodationLibrary() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allStudentAccommodations() }),
      ]),
  });
};
