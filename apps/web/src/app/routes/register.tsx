import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AuthCard, textLink } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useTitle } from '@/lib/use-title';

export default function RegisterPage() {
  useTitle('Register');
  const location = useLocation();
  return (
    <AuthCard
      title="Register"
      subtitle="Join the crew: fresh drops, quick checkout, order tracking."
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.login} state={location.state} className={textLink}>
            Log in
          </Link>
        </>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}
