import { PageTitle } from '@pharmacy/ui';
import type { AccountExposes } from '@pharmacy/contracts';

// Placeholder until the account team ships this page.
function NeedHelpPage() {
  return (
    <section>
      <PageTitle>Need help</PageTitle>
      <p>Need help is coming soon.</p>
    </section>
  );
}

export default NeedHelpPage satisfies AccountExposes['./NeedHelpPage']['default'];
