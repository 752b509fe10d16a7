import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileBody, ProfileResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { userDetailQueryOptions } from './get-user-detail';

export const updateProfile = ({ userId, ...body }: ProfileBody & { userId: string }) =>
  api.put<ProfileResponse>(`/user/profile/${userId}`, body);

export function useUpdateProfile({
  onSuccess,
  ...config
}: MutationConfig<ProfileResponse, ProfileBody & { userId: string }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data, variables, ...rest) => {
      if (data.user)
        queryClient.setQueryData(userDetailQueryOptions(variables.userId).queryKey, {
          success: true,
          user: data.user,
          message: data.message,
        });
      return onSuccess?.(data, variables, ...rest);
    },
    ...config,
  });
}
