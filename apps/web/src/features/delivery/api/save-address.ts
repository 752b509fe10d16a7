import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AddressBody, AddressMutationResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Adds an address, or changes the one with `addressId`. */
export const saveAddress = ({ addressId, ...body }: AddressBody & { addressId?: string }) =>
  addressId
    ? api.put<AddressMutationResponse>(`/user/addresses/${encodeURIComponent(addressId)}`, body)
    : api.post<AddressMutationResponse>('/user/addresses', body);

/**
 * After any change the book is the server's answer, and the account's details are read again
 * (the profile's one-line address is the default address).
 */
export function afterAddressChange(qc: QueryClient, answer: AddressMutationResponse) {
  qc.setQueryData(queryKeys.users.addresses, { success: true, addresses: answer.addresses });
  return qc.invalidateQueries({ queryKey: queryKeys.users.details });
}

export function useSaveAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: (answer) => afterAddressChange(qc, answer),
  });
}
