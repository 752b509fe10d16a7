import { MailIcon, PhoneIcon, PinIcon } from '@/components/ui/contact-icons';
import { StaticPage } from '@/features/static/components/static-page';
import { CONTACT } from '@/features/static/contact-details';
import { useTitle } from '@/lib/use-title';

/** Looks like a link, and the padding makes a 40 px tap area without moving the text. */
const contactLink = '-my-2 inline-block py-2 text-brand-700 hover:underline dark:text-brand-100';

export default function ContactPage() {
  useTitle('Contact');
  const rows = [
    {
      icon: <PhoneIcon />,
      label: 'Phone',
      value: (
        <a className={contactLink} href={`tel:${CONTACT.phone.replace(/\s/g, '')}`}>
          {CONTACT.phone}
        </a>
      ),
    },
    {
      icon: <MailIcon />,
      label: 'Email',
      value: (
        <a className={contactLink} href={`mailto:${CONTACT.email}`}>
          {CONTACT.email}
        </a>
      ),
    },
    { icon: <PinIcon />, label: 'Country', value: CONTACT.country },
  ];
  return (
    <StaticPage
      title="Contact us"
      lead="Questions about an order, a size or a design? We’d love to hear from you."
    >
      <dl className="grid gap-4 sm:grid-cols-3">
        {rows.map((r) => (
          <div
            key={r.label}
            className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
          >
            <dt className="flex items-center gap-2 text-sm font-medium text-slate-600 dark:text-slate-400">
              <span className="text-brand-600 dark:text-brand-100">{r.icon}</span>
              {r.label}
            </dt>
            <dd className="mt-1 font-semibold break-words text-slate-900 dark:text-white">
              {r.value}
            </dd>
          </div>
        ))}
      </dl>
      <p>We answer {CONTACT.hours}, usually within a day.</p>
    </StaticPage>
  );
}
