/** One admin page: its heading (under the layout's "Admin Panel" h1) and the tab title. */
import { useEffect, type ReactNode } from 'react';
import { pageTitleClass } from './styles';

export function AdminPage({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} | Admin Panel`;
    return () => {
      document.title = before;
    };
  }, [title]);
  return (
    <section aria-labelledby="admin-page-title" className="flex flex-col gap-5">
      <h2 id="admin-page-title" className={pageTitleClass}>
        {title}
      </h2>
      {children}
    </section>
  );
}
