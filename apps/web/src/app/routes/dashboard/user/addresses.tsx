/** /dashboard/user/addresses: the customer's saved addresses. */
import { useUserDetail } from '@/features/account/api/get-user-detail';
import { AddressBook } from '@/features/delivery/components/address-book';
import { useSession } from '@/lib/session';
import { useTitle } from '@/lib/use-title';

export default function AddressesPage() {
  useTitle('Addresses');
  const { user } = useSession();
  const detail = useUserDetail(user?.userId);
  const account = detail.data?.user;
  return (
    <section aria-labelledby="addresses-heading" className="max-w-4xl">
      <h1 id="addresses-heading" className="mb-2 text-2xl font-bold sm:text-3xl">
        Addresses
      </h1>
      <p className="mb-6 text-sm text-slate-600 dark:text-slate-400">
        Where your orders can go. The default address is the one on your profile.
      </p>
      <AddressBook recipient={account ? { name: account.name, phone: account.phone } : undefined} />
    </section>
  );
}
