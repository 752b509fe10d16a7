import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddressMutationResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { afterAddressChange } from './save-address';

export const setDefaultAddress = (addressId: string) =>
  api.put<AddressMutationResponse>(`/user/addresses/${encodeURIComponent(addressId)}/default`);

export function useSetDefaultAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setDefaultAddress,
    onSuccess: (answer) => afterAddressChange(qc, answer),
  });
}
