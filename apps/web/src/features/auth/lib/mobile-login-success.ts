/**
 * After the mobile login's sign-in (spec section 4 "Login"): the account's services are looked up;
 * when its data assistant (the decision service) is opened the browser goes to its address, with
 * `token=` appended when that host may receive it (the fallback allow-list), else without it;
 * otherwise on to the console as after the page's login. Loaded with the first sign-in.
 */
import { InstanceStatus, ServiceKind } from '@console/contract/service-enums';
import { isAllowedFallbackUrl, withToken } from '@console/contract/sso-rules';
import { getMeta } from '@/lib/meta';
import { listAccountInstances, type TAccountInstance } from '../api/list-account-instances';
import type { TLoginResult } from '../api/login';
import { finishLogin } from './after-login';

type TInstanceTarget = Pick<TAccountInstance, 'serviceKind' | 'status' | 'url'>;

/** The opened data assistant's address (with the token where allowed), or null: the console. */
export function mobileTargetOf(
  instances: readonly TInstanceTarget[],
  token: string | null | undefined,
  fallbackHosts: readonly string[],
): string | null {
  const url = instances.find(
    (i) =>
      i.serviceKind === ServiceKind.decision &&
      i.status === InstanceStatus.opened &&
      !!i.url &&
      /^https?:\/\//i.test(i.url),
  )?.url;
  if (!url) return null;
  return token && isAllowedFallbackUrl(url, fallbackHosts) ? withToken(url, token) : url;
}

/** Goes on after the sign-in: to the data assistant, or to the console (a failed lookup: the console). */
export async function finishMobileLogin(result: TLoginResult, successText: string): Promise<void> {
  const instances = await listAccountInstances().catch(() => []);
  const target = mobileTargetOf(instances, result.token, getMeta().fallbackHosts);
  if (target) {
    window.location.replace(target);
    return;
  }
  await finishLogin(result, successText);
}
