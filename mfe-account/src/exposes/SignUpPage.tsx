import { PageTitle } from '@pharmacy/ui';
import type { AccountExposes } from '@pharmacy/contracts';

// Placeholder until the account team ships this page.
function SignUpPage() {
  return (
    <section>
      <PageTitle>Sign up</PageTitle>
      <p>Sign up is coming soon.</p>
    </section>
  );
}

export default SignUpPage satisfies AccountExposes['./SignUpPage']['default'];
