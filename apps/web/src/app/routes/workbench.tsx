/** /workbench as the console shows it: the workbench feature's page with the cards of other features. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, Suspense } from 'react';
import { useCheckBill } from '@/api/check-bill';
import { useCurrentUser } from '@/api/get-current-user';
import { CardPlaceholder } from '@/features/workbench/components/card-placeholder';
import WorkbenchPage from '@/features/workbench/routes/workbench';
import { chunkLoader, lazyPage } from '@/lib/lazy';
import { getMeta } from '@/lib/meta';
import { isBillingAvailable } from '@/lib/permissions';
import { workbenchOverviewQueryOptions } from './workbench-cards';

/**
 * The feature cards' chunk: not needed for the first paint (placeholders stand in until the cards'
 * call settles), so it comes alongside that call, asked for when this route's module runs.
 */
const loadCards = chunkLoader(() => import('./workbench-feature-cards'));
type TCards = Awaited<ReturnType<typeof loadCards>>;
const cardOf = (name: keyof TCards) =>
  lazyPage<object>(() => loadCards().then((m) => ({ default: m[name] as ComponentType<object> })));
const ServiceActivationCard = cardOf('ServiceActivationCard');
const ConsumptionCard = cardOf('ConsumptionCard');
const BillingOverviewCard = cardOf('BillingOverviewCard');
const UserShortcutCard = cardOf('UserShortcutCard');
const LoginProtectionCard = cardOf('LoginProtectionCard');
loadCards().catch(() => {});

/** Loads the feature cards' chunk, after which the cards render without suspending. */
export function preloadWorkbenchCards(): Promise<unknown> {
  return Promise.all(
    [ServiceActivationCard, ConsumptionCard, BillingOverviewCard, UserShortcutCard, LoginProtectionCard].map(
      (card) => card.preload(),
    ),
  );
}

/** A feature card, its placeholder standing in while its chunk is on the way. */
const lazyCard = (key: string, Card: ComponentType<object>) => ({
  key,
  node: (
    <Suspense fallback={<CardPlaceholder />}>
      <Card />
    </Suspense>
  ),
});

const serviceCard = lazyCard('services', ServiceActivationCard);
const consumptionCard = lazyCard('consumption', ConsumptionCard);
const billingCard = lazyCard('billing', BillingOverviewCard);
const usersCard = lazyCard('users', UserShortcutCard);
const loginProtectionCard = lazyCard('loginProtection', LoginProtectionCard);

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
