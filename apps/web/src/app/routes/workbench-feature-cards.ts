/**
 * The workbench's cards of other features, a chunk of their own: the workbench route fetches it
 * together with the cards' data (one call), and draws placeholders until both are there.
 */
export { BillingOverviewCard } from '@/features/billing/components/billing-overview-card';
export { ConsumptionCard } from '@/features/billing/components/consumption-card';
export { LoginProtectionCard } from '@/features/mfa/components/login-protection-card';
export { ServiceActivationCard } from '@/features/services/components/service-activation-card';
export { UserShortcutCard } from '@/features/users/components/user-shortcut-card';
