import type { LoginRequest, LoginResponse } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { startSession } from '@/lib/session.ts';

/** `POST /api/user/login`: staff and professionals sign in with e-mail and password. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiRequest('user/login', { method: 'POST', body, auth: false });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, user }) => {
      // Nothing cached for a previous user may leak into the new session.
      queryClient.clear();
      startSession({ kind: 'staff', token, user });
    },
  });
}
