import { Link } from 'react-router-dom';
import { env } from '@/config/env';
import { paths } from '@/config/paths';

/** The original /about, /contact and /privacy, and the launch pages a payment provider asks for. */
const FOOTER_LINKS = [
  [paths.about, 'About'],
  [paths.contact, 'Contact'],
  [paths.terms, 'Terms and Conditions'],
  [paths.shipping, 'Shipping and Delivery'],
  [paths.returns, 'Returns, Refunds and Cancellation'],
  [paths.privacy, 'Privacy Policy'],
] as const;

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:justify-between dark:text-slate-400">
        {/* A page rendered on the server last year may be taken over this year: the year is
            the browser's, without a mismatch warning. */}
        <p suppressHydrationWarning>
          © {new Date().getFullYear()} {env.shopName}. Printed with love in India.
        </p>
        <nav
          aria-label="Footer"
          className="flex flex-wrap justify-center gap-x-4 gap-y-1 sm:justify-end"
        >
          {FOOTER_LINKS.map(([to, label]) => (
            <Link
              key={to}
              to={to}
              className="hover:text-brand-600 max-sm:py-2.5 dark:hover:text-white"
            >
              {label}
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
