import { TeeIcon } from '@/components/ui/icons';

/** A slim banner above the catalog: short enough that the first row of products stays in view. */
export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden rounded-2xl bg-gradient-to-r from-brand-700 via-fuchsia-600 to-orange-500 px-5 py-5 text-white sm:px-8 sm:py-6"
    >
      <TeeIcon
        className="pointer-events-none absolute -top-6 -right-6 h-36 w-36 -rotate-12 opacity-20 sm:h-48 sm:w-48"
        strokeWidth={1.5}
      />
      <p className="text-xs font-bold tracking-widest uppercase opacity-90">New drops every week</p>
      <h1 id="hero-title" className="mt-1 max-w-xl text-2xl font-black tracking-tight sm:text-3xl">
        Wear your vibe. Printed tees for every mood.
      </h1>
      <p className="mt-1 max-w-xl text-sm opacity-95 sm:text-base">
        Soft cotton, bold prints, delivered across India.
      </p>
    </section>
  );
}
