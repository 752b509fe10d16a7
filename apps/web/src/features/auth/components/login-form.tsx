/** Login: email and password; on success back to where the visitor came from. */
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { TEXT_LIMITS } from '@repo/shared/constants/limits';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { ApiError, messageOf } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useLogin } from '../api/login';
import { redirectTarget } from '../redirect';
import { signIn } from '@/lib/session';

export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const data = await login.mutateAsync({ email, password });
      if (!data.success || !data.token) {
        toast.error(data.message || 'Login failed');
        return;
      }
      signIn(data.token, data.user);
      toast.success(data.message || 'Login successful');
      navigate(redirectTarget(location.state), { replace: true });
    } catch (error) {
      // A refusal from the server carries its message; anything else is unexpected.
      toast.error(
        error instanceof ApiError && error.status > 0
          ? messageOf(error, 'Login failed')
          : 'Something went wrong',
      );
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <TextField
        label="Email Address"
        type="email"
        name="email"
        autoComplete="email"
        required
        maxLength={TEXT_LIMITS.email}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        maxLength={TEXT_LIMITS.password}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="flex justify-end">
        <Button variant="ghost" size="sm" onClick={() => navigate(paths.forgotPassword)}>
          Forgot Password
        </Button>
      </div>
      <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
        Login
      </Button>
    </form>
  );
}
