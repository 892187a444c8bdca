/** /workbench as the console shows it: the workbench feature's page with the cards of other features. */
import { LoginProtectionCard } from '@/features/mfa/components/login-protection-card';
import WorkbenchPage from '@/features/workbench/routes/workbench';

const cards = [{ key: 'loginProtection', node: <LoginProtectionCard /> }];

export default function WorkbenchRoute() {
  return <WorkbenchPage cards={cards} />;
}
