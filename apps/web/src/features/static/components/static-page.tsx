import type { ReactNode } from 'react';

/**
 * The frame of the About, Contact, Privacy and launch pages: a readable column with a title. Its
 * links are the brand's colour; in the dark theme, where that is near the text's, underlined too.
 */
export function StaticPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{title}</h1>
      {lead && <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{lead}</p>}
      <div className="mt-8 space-y-6 leading-relaxed text-slate-700 dark:text-slate-300 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900 dark:[&_h2]:text-white [&_a:not([class])]:font-semibold [&_a:not([class])]:text-brand-700 dark:[&_a:not([class])]:text-brand-100 dark:[&_a:not([class])]:underline dark:[&_a:not([class])]:decoration-brand-500 dark:[&_a:not([class])]:underline-offset-4 [&_a:not([class]):hover]:underline [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
        {children}
      </div>
    </article>
  );
}
