/** The welcome card: name, email, phone, address and role; "Not Provided" for what is missing. */
import { ROLES } from '@repo/shared/constants';

export interface SummaryUser {
  name?: string;
  email?: string;
  phone?: string;
  address?: string;
  role?: number;
}

const orNotProvided = (value: string | undefined) => (value?.trim() ? value : 'Not Provided');

export function UserSummary({ user }: { user: SummaryUser }) {
  const rows: Array<[string, string]> = [
    ['Name', orNotProvided(user.name)],
    ['Email', orNotProvided(user.email)],
    ['Phone', orNotProvided(user.phone)],
    ['Address', orNotProvided(user.address)],
    ['Role', user.role === ROLES.admin ? 'Admin' : 'User'],
  ];
  return (
    <dl className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-1 px-5 py-3 sm:grid-cols-[140px_1fr] sm:gap-4">
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
          <dd
            className={
              value === 'Not Provided'
                ? 'text-sm text-slate-500 italic dark:text-slate-400'
                : 'text-sm break-words whitespace-pre-line text-slate-900 dark:text-slate-100'
            }
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
