/** The `currentUserInfo` kept in localStorage after login (spec section 3). Never holds a token. */
import type { TCurrentUser } from '@console/contract';

export const CurrentUserInfoKey = 'currentUserInfo';

export type TCurrentUserInfo = Pick<
  TCurrentUser,
  'id' | 'name' | 'displayName' | 'accountId' | 'accountDisplayName' | 'email' | 'phone'
>;

export function storeCurrentUserInfo(user: TCurrentUser): void {
  const info: TCurrentUserInfo = {
    id: user.id,
    name: user.name,
    displayName: user.displayName,
    accountId: user.accountId,
    accountDisplayName: user.accountDisplayName,
    email: user.email,
    phone: user.phone,
  };
  try {
    localStorage.setItem(CurrentUserInfoKey, JSON.stringify(info));
  } catch {
    // Storage may be unavailable (private mode): the server session is what counts.
  }
}

export function clearCurrentUserInfo(): void {
  try {
    localStorage.removeItem(CurrentUserInfoKey);
  } catch {
    // ignore
  }
}
