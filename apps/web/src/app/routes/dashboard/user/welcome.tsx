/** The dashboard's welcome page: the user's details from GET /user/user-detail. */
import { ButtonLink } from '@/components/ui/button';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUserDetail } from '@/features/account/api/get-user-detail';
import { UserSummary } from '@/features/account/components/user-summary';
import { useSession } from '@/lib/session';
import { useLogOnError } from '@/lib/use-log-on-error';
import { useTitle } from '@/lib/use-title';

export default function WelcomePage() {
  useTitle('Dashboard');
  const { user: stored } = useSession();
  const detail = useUserDetail(stored?.userId);

  useLogOnError(detail.error, 'Failed to load profile'); // only logged

  if (detail.isLoading) return <Loading text="Loading profile..." />;
  const user = detail.data?.user ?? { name: stored?.name, role: stored?.role };

  return (
    <section aria-labelledby="welcome-heading" className="max-w-2xl">
      <h1 id="welcome-heading" className="text-2xl font-bold sm:text-3xl">
        Welcome, {user.name || 'there'}
      </h1>
      <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-400">
        Here are your account details.
      </p>
      <UserSummary user={user} />
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to={paths.userProfile}>Edit profile</ButtonLink>
        <ButtonLink to={paths.userOrders} variant="outline">
          See your orders
        </ButtonLink>
      </div>
    </section>
  );
}
