/** One admin page: its heading (under the layout's "Admin Panel" h1) and the tab title. */
import type { ReactNode } from 'react';
import { useTitle } from '@/lib/use-title';
import { pageTitleClass } from '@/components/ui/styles';

export function AdminPage({ title, children }: { title: string; children: ReactNode }) {
  useTitle(`${title} · Admin Panel`);
  return (
    <section aria-labelledby="admin-page-title" className="flex flex-col gap-5">
      <h2 id="admin-page-title" className={pageTitleClass}>
        {title}
      </h2>
      {children}
    </section>
  );
}
