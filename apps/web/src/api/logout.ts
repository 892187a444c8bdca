/** POST /api/logout: ends the session; the client then forgets the user and every cached answer. */
import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { callApi, endpoint } from '@/lib/api-client';
import { clearCurrentUserInfo } from '@/lib/current-user-info';
import { navigate } from '@/lib/history';
import { queryClient } from '@/lib/query-client';

const logoutEndpoint = endpoint('logout', 'POST', '/api/logout');

export function logout(): Promise<null> {
  return callApi(logoutEndpoint, { redirectOn401: false });
}

/** Clears what the browser keeps of the session and goes to the login page. */
export function endClientSession(): void {
  clearCurrentUserInfo();
  queryClient.clear();
  navigate(paths.login, { replace: true });
}

export function useLogout(options: { onDone?: () => void } = {}) {
  return useMutation({
    mutationFn: logout,
    // Whatever the server answered (an expired session included), the client forgets the session.
    onSettled: () => {
      endClientSession();
      options.onDone?.();
    },
  });
}
