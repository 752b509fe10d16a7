import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, VerifyOtpBody } from '@repo/shared';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** Step 2: checks the code. */
export const verifyOtp = (body: VerifyOtpBody) =>
  api.post<MessageResponse>('/auth/verify-otp', body);

export function useVerifyOtp(config: MutationConfig<MessageResponse, VerifyOtpBody> = {}) {
  return useMutation({ mutationFn: verifyOtp, ...config });
}
