import { PageTitle } from '@pharmacy/ui';
import type { AccountExposes } from '@pharmacy/contracts';

// Placeholder until the account team ships this page.
function SuggestIdeaPage() {
  return (
    <section>
      <PageTitle>Suggest an idea</PageTitle>
      <p>Suggest an idea is coming soon.</p>
    </section>
  );
}

export default SuggestIdeaPage satisfies AccountExposes['./SuggestIdeaPage']['default'];
