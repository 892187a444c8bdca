/** /accountManage/accountInfo as the console shows it: the account feature's page with the cards of other features. */
import AccountInfoPage from '@/features/account/routes/account-info';
import { ThirdPartyCard } from '@/features/sso/components/third-party-card';

const cards = [{ key: 'thirdParty', node: <ThirdPartyCard /> }];

export default function AccountInfoRoute() {
  return <AccountInfoPage cards={cards} />;
}
