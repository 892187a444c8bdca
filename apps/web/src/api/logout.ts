/** POST /api/logout: ends the session; the client then forgets the user and every cached answer. */
import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { callApi, endpoint, resetSessionEnd } from '@/lib/api-client';
import { clearCurrentUserInfo } from '@/lib/current-user-info';
import { navigate } from '@/lib/history';
import { queryClient } from '@/lib/query-client';

const logoutEndpoint = endpoint('logout', 'POST', '/api/logout');

/**
 * Signs out. The client forgets whose session it was first: should the server have ended the
 * session already, this call's 401 takes the console to the login page like any call, but without
 * the notice of an ended session, which would be no news to a user signing out.
 */
export function logout(): Promise<null> {
  forgetSession();
  return callApi(logoutEndpoint);
}

function forgetSession(): void {
  clearCurrentUserInfo();
  resetSessionEnd();
}

/** Clears what the browser keeps of the session and goes to the login page. */
export function endClientSession(): void {
  forgetSession();
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
