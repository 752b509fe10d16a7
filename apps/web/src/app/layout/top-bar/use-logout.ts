import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { queryKeys } from '@/lib/query-keys';
import { signOut } from '@/lib/session';
import { toast } from '@/lib/toast';

/**
 * Logout: ends the session and forgets every user's and order's answer, so the next person
 * in this tab never sees them. From the phone menu it then shows the login page.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return ({ toLogin }: { toLogin: boolean }) => {
    signOut();
    queryClient.removeQueries({ queryKey: queryKeys.users.root });
    queryClient.removeQueries({ queryKey: queryKeys.orders.root });
    toast.success('Logout Successfully');
    if (toLogin) navigate(paths.login);
  };
}
