import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, RegisterBody } from '@repo/shared';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export const register = (body: RegisterBody) => api.post<AuthResponse>('/auth/register', body);

export function useRegister(config: MutationConfig<AuthResponse, RegisterBody> = {}) {
  return useMutation({ mutationFn: register, ...config });
}
