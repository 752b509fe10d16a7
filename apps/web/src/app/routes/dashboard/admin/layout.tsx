/**
 * /dashboard/admin (role 1 only; RequireAdmin guards it): "Admin Panel", the resizable side
 * panel with the admin sections, and on small screens, where the panel is hidden, the same
 * links as a horizontal strip.
 */
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { ResizableSidePanel } from '@/components/ui/resizable-side-panel';
import { Loading } from '@/components/ui/spinner';
import { AdminNav } from '@/features/admin/components/admin-nav';
import { GstDetailsNotice } from '@/features/gst/components/gst-details-notice';

export default function AdminLayout() {
  // As tall as <main> (min-h-screen), so the side panel reaches the footer.
  return (
    <div className="mx-auto flex max-w-7xl md:min-h-screen">
      <ResizableSidePanel label="Admin menu">
        <p className="mb-3 px-3 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
          Dashboard
        </p>
        <AdminNav layout="vertical" label="Admin sections" />
      </ResizableSidePanel>
      <div className="flex min-w-0 flex-1 flex-col gap-5 px-4 py-6 sm:px-6 lg:px-8">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          Admin Panel
        </h1>
        <div className="md:hidden">
          <AdminNav layout="horizontal" label="Admin sections" />
        </div>
        <GstDetailsNotice />
        <Suspense fallback={<Loading text="Loading..." />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
