import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginBody } from '@repo/shared';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export const login = (body: LoginBody) => api.post<AuthResponse>('/auth/login', body);

export function useLogin(config: MutationConfig<AuthResponse, LoginBody> = {}) {
  return useMutation({ mutationFn: login, ...config });
}
