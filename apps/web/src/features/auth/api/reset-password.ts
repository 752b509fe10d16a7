import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ResetPasswordBody } from '@repo/shared';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** Step 3: sets the new password (the code is checked again). */
export const resetPassword = (body: ResetPasswordBody) =>
  api.post<MessageResponse>('/auth/reset-password', body);

export function useResetPassword(config: MutationConfig<MessageResponse, ResetPasswordBody> = {}) {
  return useMutation({ mutationFn: resetPassword, ...config });
}
