/** /workbench as the console shows it: the workbench feature's page with the cards of other features. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCheckBill } from '@/api/check-bill';
import { useCurrentUser } from '@/api/get-current-user';
import { BillingOverviewCard } from '@/features/billing/components/billing-overview-card';
import { ConsumptionCard } from '@/features/billing/components/consumption-card';
import { LoginProtectionCard } from '@/features/mfa/components/login-protection-card';
import { ServiceActivationCard } from '@/features/services/components/service-activation-card';
import { UserShortcutCard } from '@/features/users/components/user-shortcut-card';
import { CardPlaceholder } from '@/features/workbench/components/card-placeholder';
import WorkbenchPage from '@/features/workbench/routes/workbench';
import { getMeta } from '@/lib/meta';
import { isBillingAvailable } from '@/lib/permissions';
import { workbenchOverviewQueryOptions } from './workbench-cards';

const serviceCard = { key: 'services', node: <ServiceActivationCard /> };
const consumptionCard = { key: 'consumption', node: <ConsumptionCard /> };
const billingCard = { key: 'billing', node: <BillingOverviewCard /> };
const usersCard = { key: 'users', node: <UserShortcutCard /> };
const loginProtectionCard = { key: 'loginProtection', node: <LoginProtectionCard /> };

export default function WorkbenchRoute() {
  // The user management shortcut and the billing cards are for account administrators only; the
  // billing cards also need billing to apply (checkBill, loaded by the session gate), and the
  // balance is not fetched on-premise.
  const isAdmin = useCurrentUser().data?.isAccountAdmin === true;
  const bill = useCheckBill().data;
  const meta = getMeta();
  const hasBilling = isAdmin && isBillingAvailable(bill);
  const isOnprem = meta.deployMode === 'onprem';
  // The cards' data comes in one call, filed under each card's own query key: a card draws once
  // the call has settled (on a failure, each card asks for its own data and shows its own error).
  const overview = useQuery(workbenchOverviewQueryOptions(useQueryClient()));
  const isSettled = overview.isError || (overview.isSuccess && !overview.isFetching);
  const cards = (
    isAdmin
      ? [
          serviceCard,
          ...(hasBilling ? [consumptionCard, ...(isOnprem ? [] : [billingCard])] : []),
          usersCard,
          loginProtectionCard,
        ]
      : [serviceCard, loginProtectionCard]
  ).map((card) => (isSettled ? card : { key: card.key, node: <CardPlaceholder /> }));
  return <WorkbenchPage cards={cards} />;
}
