/** /accountManage/accountInfo as the console shows it: the account feature's page with the cards of other features. */
import AccountInfoPage from '@/features/account/routes/account-info';
import { CertificationCard } from '@/features/certification/components/certification-card';
import { ThirdPartyCard } from '@/features/sso/components/third-party-card';

const cards = [
  { key: 'certification', node: <CertificationCard /> },
  { key: 'thirdParty', node: <ThirdPartyCard /> },
];

export default function AccountInfoRoute() {
  return <AccountInfoPage cards={cards} />;
}
