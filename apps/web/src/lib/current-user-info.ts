/** The `currentUserInfo` kept in localStorage after login (spec section 3). Never holds a token. */
import type { TCurrentUser } from '@console/contract';

export const CurrentUserInfoKey = 'currentUserInfo';

export type TCurrentUserInfo = Pick<
  TCurrentUser,
  'id' | 'name' | 'displayName' | 'accountId' | 'accountName' | 'accountDisplayName' | 'email' | 'phone'
>;

/**
 * This tab's copy of the account name: a sign-out or an ended session in another tab clears
 * localStorage, and this tab must still fill the login form in when its own session is found gone.
 */
let tabAccountName: string | null = null;

export function storeCurrentUserInfo(user: TCurrentUser): void {
  tabAccountName = user.accountName || null;
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
  tabAccountName = null;
  try {
    localStorage.removeItem(CurrentUserInfoKey);
  } catch {
    // ignore
  }
}

/**
 * The account name of the stored `currentUserInfo`, or of this tab's (to fill the login form in
 * after expiry), or null.
 */
export function storedAccountName(): string | null {
  try {
    const raw = localStorage.getItem(CurrentUserInfoKey);
    const value = raw ? (JSON.parse(raw) as { accountName?: unknown }).accountName : null;
    return typeof value === 'string' && value ? value : tabAccountName;
  } catch {
    return tabAccountName;
  }
}
