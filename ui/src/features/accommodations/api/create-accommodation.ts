import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Accommodation, AccommodationForm } from '@accommodate/shared-events/schemas/accommodation';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createAccommodation = (form: AccommodationForm): Promise<Accommodation> =>
  apiRequest<Accommodation>('/api/accommodations', { method: 'POST', body: form });

export const useCreateAccommodation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccommodation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.accommodationLibrary() }),
  });
};
