/** POST /api/portal/user/updateUserByConfirmToken?token=…: the user agrees to the change (once). */
import { callApi, endpoint } from '@/lib/api-client';

const updateUserByConfirmTokenEndpoint = endpoint(
  'updateUserByConfirmToken',
  'POST',
  '/api/portal/user/updateUserByConfirmToken',
);

export function agreeToChange(token: string): Promise<null> {
  return callApi(updateUserByConfirmTokenEndpoint, {
    query: { token },
    hints: false,
  });
}
