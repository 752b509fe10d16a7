/** Update Profile (SPEC §2). */
import { useEffect } from 'react';
import { Loading } from '@/components/ui/spinner';
import { useUserDetail } from '@/features/account/api/get-user-detail';
import { ProfileForm } from '@/features/account/components/profile-form';
import { useSession } from '@/features/auth/session';
import { useTitle } from '@/lib/use-title';

export default function ProfilePage() {
  useTitle('Update Profile');
  const { user } = useSession();
  const detail = useUserDetail(user?.userId);

  useEffect(() => {
    // SPEC §8: a failed profile load is only logged.
    if (detail.error) console.error('Failed to load profile', detail.error);
  }, [detail.error]);

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
