import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, MessageResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** Step 1: mails a one-time code to the address. */
export const forgotPassword = (body: ForgotPasswordBody) =>
  api.post<MessageResponse>('/auth/forgot-password', body);

export function useForgotPassword(
  config: MutationConfig<MessageResponse, ForgotPasswordBody> = {},
) {
  return useMutation({ mutationFn: forgotPassword, ...config });
}
