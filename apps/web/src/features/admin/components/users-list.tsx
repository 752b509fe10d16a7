/**
 * All users (or those found by name, email or phone): a table on wide screens, cards on narrow
 * ones. Load failures are only logged.
 */
import type { PublicUser } from '@repo/shared';
import { PAGE_SIZE, ROLES } from '@repo/shared/constants';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Loading } from '@/components/ui/spinner';
import { useUsers } from '../api/get-users';
import { useLoadFailure } from '@/lib/outcome';
import { usePageParam } from '@/lib/use-page-param';
import { cardClass } from '@/components/ui/styles';
import { UsersIcon } from './admin-icons';
import { ListSearch, useSearchParam } from './list-search';

const roleName = (role: number) => (role === ROLES.admin ? 'Admin' : 'User');
const orMissing = (text: string | undefined) => text?.trim() || 'Not Provided';

function RoleBadge({ role }: { role: number }) {
  const admin = role === ROLES.admin;
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${
        admin
          ? 'bg-brand-100 text-brand-700 dark:bg-brand-500/20 dark:text-brand-100'
          : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300'
      }`}
    >
      {roleName(role)}
    </span>
  );
}

function UsersTable({ users }: { users: PublicUser[] }) {
  return (
    <div className="hidden overflow-x-auto rounded-lg border border-slate-200 md:block dark:border-slate-700">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Users</caption>
        <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            {['Name', 'Email', 'Phone', 'Address', 'Role'].map((h) => (
              <th key={h} scope="col" className="px-4 py-3 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-700 dark:bg-slate-900">
          {users.map((u) => (
            <tr key={u._id}>
              <th
                scope="row"
                className="px-4 py-3 font-medium whitespace-nowrap text-slate-900 dark:text-slate-100"
              >
                {u.name}
              </th>
              <td className="px-4 py-3 [overflow-wrap:anywhere]">{u.email}</td>
              <td className="px-4 py-3 whitespace-nowrap">{orMissing(u.phone)}</td>
              <td className="px-4 py-3">{orMissing(u.address)}</td>
              <td className="px-4 py-3">
                <RoleBadge role={u.role} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UserCards({ users }: { users: PublicUser[] }) {
  return (
    <ul className="flex flex-col gap-3 md:hidden">
      {users.map((u) => (
        <li key={u._id} className={`${cardClass} p-4`}>
          <div className="mb-2 flex items-start justify-between gap-2">
            <h3 className="font-semibold break-words text-slate-900 dark:text-white">{u.name}</h3>
            <RoleBadge role={u.role} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500 dark:text-slate-400">Email</dt>
            <dd className="[overflow-wrap:anywhere]">{u.email}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Phone</dt>
            <dd>{orMissing(u.phone)}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Address</dt>
            <dd className="break-words">{orMissing(u.address)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

export function UsersList() {
  const [page, setPage] = usePageParam();
  const [q, search] = useSearchParam();
  const users = useUsers(page, PAGE_SIZE, q);
  useLoadFailure(users, 'users');

  const list = users.data?.success ? users.data.users : [];
  const total = users.data?.total ?? 0;
  return (
    <div className="flex flex-col gap-4">
      {/* Finds accounts by any part of the name, email or phone. */}
      <ListSearch
        key={q}
        q={q}
        onSearch={search}
        label="Find a user"
        placeholder="Name, email or phone"
        showAll="Show all users"
      />
      {users.isPending ? (
        <Loading text="Loading users..." />
      ) : list.length === 0 ? (
        <EmptyState title="No users found." icon={<UsersIcon />} />
      ) : (
        <>
          <UsersTable users={list} />
          <UserCards users={list} />
          {total > PAGE_SIZE && <Pagination page={page} total={total} onPageChange={setPage} />}
        </>
      )}
    </div>
  );
}
