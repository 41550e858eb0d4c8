import { PageTitle } from '@pharmacy/ui';
import type { AccountExposes } from '@pharmacy/contracts';

// Placeholder until the account team ships this page.
function ResetPasswordPage() {
  return (
    <section>
      <PageTitle>Reset password</PageTitle>
      <p>Reset password is coming soon.</p>
    </section>
  );
}

export default ResetPasswordPage satisfies AccountExposes['./ResetPasswordPage']['default'];
