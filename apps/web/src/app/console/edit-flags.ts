/**
 * Query flags of the console shell (spec section 2): `?password_edit` (any value) opens the
 * change-password dialog once the user info has loaded, and is then removed from the URL (history
 * replace), so that a reload or the back button does not open it again; `?phone_edit` and
 * `?email_edit` open my profile at the phone or e-mail change.
 */
import { useEffect, useRef } from 'react';
import { navigate, useLocation } from '@/lib/history';

/** The edit dialogs the shell can open from a query flag. */
export type TEditDialog = 'password' | 'phone' | 'email';

/** Query flag -> dialog, in order of precedence when several are given. */
export const editFlagDialogs: readonly (readonly [flag: string, dialog: TEditDialog])[] = [
  ['password_edit', 'password'],
  ['phone_edit', 'phone'],
  ['email_edit', 'email'],
];

/**
 * The dialog a query string asks for, and the query string without any of the known flags (other
 * parameters kept in their order); null when no known flag is there.
 */
export function takeEditFlag(search: string): { dialog: TEditDialog; search: string } | null {
  const params = new URLSearchParams(search);
  const found = editFlagDialogs.find(([flag]) => params.has(flag));
  if (!found) return null;
  for (const [flag] of editFlagDialogs) params.delete(flag);
  const rest = params.toString();
  return { dialog: found[1], search: rest ? `?${rest}` : '' };
}

/**
 * Opens the dialog of a query flag once `isReady` (the user info has loaded): calls `onOpen` once
 * per flag and replaces the URL without it.
 */
export function useEditFlags(isReady: boolean, onOpen: (dialog: TEditDialog) => void): void {
  const location = useLocation();
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  useEffect(() => {
    if (!isReady) return;
    const taken = takeEditFlag(location.search);
    if (!taken) return;
    navigate(
      { pathname: location.pathname, search: taken.search, hash: location.hash },
      { replace: true, state: location.state },
    );
    onOpenRef.current(taken.dialog);
  }, [isReady, location]);
}
