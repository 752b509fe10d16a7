import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AuthCard, textLink } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { useTitle } from '@/lib/use-title';

export default function LoginPage() {
  useTitle('Login');
  const location = useLocation();
  return (
    <AuthCard
      title="Login"
      subtitle="Welcome back! Log in to check out faster and track your orders."
      footer={
        <>
          New here?{' '}
          <Link to={paths.register} state={location.state} className={textLink}>
            Create an account
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
