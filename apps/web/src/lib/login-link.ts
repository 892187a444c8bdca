import { paths } from '@/config/paths';

/** `/login?account=<name>`: the login page with the account name filled in (or plain /login). */
export function loginWithAccount(name?: string | null): string {
  const value = name?.trim();
  return value ? `${paths.login}?account=${encodeURIComponent(value)}` : paths.login;
}
