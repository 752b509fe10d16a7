import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddressMutationResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { afterAddressChange } from './save-address';

export const deleteAddress = (addressId: string) =>
  api.delete<AddressMutationResponse>(`/user/addresses/${encodeURIComponent(addressId)}`);

export function useDeleteAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: (answer) => afterAddressChange(qc, answer),
  });
}
