/**
 * An account's own login address is `<account name>.accounts.<console domain>`; on that host the
 * login page knows the account name.
 */
import { Patterns } from '@console/contract/rules';

export function accountNameFromHost(host: string, consoleUrl: string): string | null {
  let consoleHost: string;
  let consoleHostname: string;
  try {
    const url = new URL(consoleUrl);
    consoleHost = url.host.toLowerCase();
    consoleHostname = url.hostname.toLowerCase();
  } catch {
    return null;
  }
  const h = host.toLowerCase();
  for (const domain of [consoleHost, consoleHostname]) {
    const suffix = `.accounts.${domain}`;
    if (h.endsWith(suffix)) {
      const name = host.slice(0, host.length - suffix.length);
      if (Patterns.accountName.test(name)) return name;
    }
  }
  return null;
}
