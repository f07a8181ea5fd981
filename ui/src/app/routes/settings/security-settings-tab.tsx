import { DeleteAccountCard } from '../../../features/erasure/components/delete-account-card.tsx';
import { SecurityTab } from '../../../features/settings/components/security-tab.tsx';

/** Settings → Security ends with the account's deletion, which the erasure feature owns; one lazy chunk for both. */
export function SecuritySettingsTab() {
  return <SecurityTab accountDeletion={<DeleteAccountCard />} />;
}
