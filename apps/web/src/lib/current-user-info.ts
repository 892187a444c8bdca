/** The `currentUserInfo` kept in localStorage after login (spec section 3). Never holds a token. */
import type { TCurrentUser } from '@console/contract';

export const CurrentUserInfoKey = 'currentUserInfo';

export type TCurrentUserInfo = Pick<
  TCurrentUser,
  'id' | 'name' | 'displayName' | 'accountId' | 'accountName' | 'accountDisplayName' | 'email' | 'phone'
>;

export function storeCurrentUserInfo(user: TCurrentUser): void {
  const info: TCurrentUserInfo = {
    id: user.id,
    name: user.name,
    displayName: user.displayName,
    accountId: user.accountId,
    accountName: user.accountName,
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

/** The account name of the stored `currentUserInfo` (to fill the login form in after expiry), or null. */
export function storedAccountName(): string | null {
  try {
    const raw = localStorage.getItem(CurrentUserInfoKey);
    if (!raw) return null;
    const value = (JSON.parse(raw) as { accountName?: unknown }).accountName;
    return typeof value === 'string' && value ? value : null;
  } catch {
    return null;
  }
}
