/** Update Profile. */
import { Loading } from '@/components/ui/spinner';
import { useUserDetail } from '@/features/account/api/get-user-detail';
import { ProfileForm } from '@/features/account/components/profile-form';
import { useSession } from '@/lib/session';
import { useLogOnError } from '@/lib/use-log-on-error';
import { useTitle } from '@/lib/use-title';

export default function ProfilePage() {
  useTitle('Update Profile');
  const { user } = useSession();
  const detail = useUserDetail(user?.userId);

  useLogOnError(detail.error, 'Failed to load profile'); // only logged

  return (
    <section aria-labelledby="profile-heading">
      <h1 id="profile-heading" className="mb-6 text-2xl font-bold sm:text-3xl">
        Update Profile
      </h1>
      {detail.isLoading && <Loading text="Loading profile..." />}
      {detail.data?.user && <ProfileForm key={detail.data.user._id} user={detail.data.user} />}
    </section>
  );
}
