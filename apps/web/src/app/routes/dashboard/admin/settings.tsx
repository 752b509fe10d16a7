/**
 * /dashboard/admin/settings: the shop's settings, one form per section. Each feature brings
 * its own section's form; this page loads every section once and hands each form its record.
 */
import { AdminPage } from '@/features/admin/components/admin-page';
import { ReturnsSettingsForm } from '@/features/admin/components/returns-settings-form';
import { CodSettingsForm } from '@/features/delivery/components/cod-settings-form';
import { DeliverySettingsForm } from '@/features/delivery/components/delivery-settings-form';
import { ReviewsSettingsForm } from '@/features/reviews/components/reviews-settings-form';
import { GstSettingsForm } from '@/features/gst/components/gst-settings-form';
import { ShopSettingsForm } from '@/features/static/components/shop-settings-form';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/spinner';
import { useAdminSettings } from '@/lib/api/settings';

export default function SettingsPage() {
  const settings = useAdminSettings();
  return (
    <AdminPage title="Settings">
      {settings.data ? (
        <div className="flex max-w-4xl flex-col gap-6">
          <ShopSettingsForm record={settings.data.settings.shop} />
          <DeliverySettingsForm record={settings.data.settings.delivery} />
          <CodSettingsForm record={settings.data.settings.cod} />
          <ReturnsSettingsForm record={settings.data.settings.returns} />
          <ReviewsSettingsForm record={settings.data.settings.reviews} />
          <GstSettingsForm record={settings.data.settings.gst} />
        </div>
      ) : settings.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 text-sm text-slate-700 dark:text-slate-300"
        >
          Couldn't load the settings.
          <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Loading text="Loading settings..." />
      )}
    </AdminPage>
  );
}
