import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AuthCard, textLink } from '@/features/auth/components/auth-card';
import { ForgotPasswordFlow } from '@/features/auth/components/forgot-password-flow';
import { useTitle } from '@/lib/use-title';

export default function ForgotPasswordPage() {
  useTitle('Forgot Password');
  return (
    <AuthCard
      title="Forgot Password"
      footer={
        <Link to={paths.login} className={textLink}>
          Back to Login
        </Link>
      }
    >
      <ForgotPasswordFlow />
    </AuthCard>
  );
}
