import { PageTitle } from '@pharmacy/ui';
import type { AccountExposes } from '@pharmacy/contracts';

// Placeholder until the account team ships this page.
function SignInPage() {
  return (
    <section>
      <PageTitle>Sign in</PageTitle>
      <p>Sign in is coming soon.</p>
    </section>
  );
}

export default SignInPage satisfies AccountExposes['./SignInPage']['default'];
