import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-black text-brand-600 dark:text-brand-100">404</p>
      <h1 className="mt-4 text-3xl font-bold">Page Not Found</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        The page you are looking for does not exist or has moved.
      </p>
      <Link
        to={paths.home}
        className="mt-8 rounded-full bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700"
      >
        Go Back Home
      </Link>
    </section>
  );
}
