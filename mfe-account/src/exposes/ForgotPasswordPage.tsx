import { PageTitle } from '@pharmacy/ui';
import type { AccountExposes } from '@pharmacy/contracts';

// Placeholder until the account team ships this page.
function ForgotPasswordPage() {
  return (
    <section>
      <PageTitle>Forgot password</PageTitle>
      <p>Forgot password is coming soon.</p>
    </section>
  );
}

export default ForgotPasswordPage satisfies AccountExposes['./ForgotPasswordPage']['default'];
