/**
 * The feature flags that routes serve. A route of a feature that is off does not exist for anyone:
 * the server answers 4107 (featureDisabled) before authentication, so hiding a button is never
 * the only thing that keeps a turned-off feature off. A route listing several flags serves any
 * of them (registration codes serve both self-registration and cloud-marketplace registration).
 *
 * Flags that only shape the console's display (the studio link, the agreement checkbox) have no
 * routes; `globalPhone` is enforced on every request that carries a phone country code, and the
 * agreement is required by registration when `gaAgreement` is on.
 */
import type { TRouteId } from './api-paths';
import { routes } from './routes';
import type { TFeatureFlags } from './schemas/meta';

export type TFeatureName = keyof TFeatureFlags;

const named = {
  createAccount: ['register'],
  createAwsMktAccount: ['marketplaceRegister'],
  checkAwsMktToken: ['marketplaceRegister'],
  receiveAwsMktBuyer: ['marketplaceRegister'],
  sendAuthCodeForUnregistered: ['register', 'marketplaceRegister'],
  updateRegistrationInfo: ['register', 'marketplaceRegister'],
  listLicenses: ['huaweiLicense'],
  activateLicense: ['huaweiLicense'],
} as const satisfies Partial<Record<TRouteId, readonly TFeatureName[]>>;

/** Billing routes that real-name verification uses too (the business licence upload). */
const sharedWithVerification: readonly TRouteId[] = ['certificationUpload', 'certificationDownload'];

/** The flags a route serves (any one on keeps it open), or null when it serves no flag. */
export function featuresOf(id: TRouteId): readonly TFeatureName[] | null {
  if (id in named) return named[id as keyof typeof named];
  if (routes[id].tag === 'billing' && !sharedWithVerification.includes(id)) return ['cruBilling'];
  return null;
}
