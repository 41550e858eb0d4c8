import { PageTitle } from '@pharmacy/ui';
import type { AccountExposes } from '@pharmacy/contracts';

// Placeholder until the account team ships this page.
function ChangePasswordPage() {
  return (
    <section>
      <PageTitle>Change password</PageTitle>
      <p>Change password is coming soon.</p>
    </section>
  );
}

export default ChangePasswordPage satisfies AccountExposes['./ChangePasswordPage']['default'];
