import { PageTitle } from '@pharmacy/ui';
import type { AccountExposes } from '@pharmacy/contracts';

// Placeholder until the account team ships this page.
function ProfilePage() {
  return (
    <section>
      <PageTitle>Profile</PageTitle>
      <p>Profile is coming soon.</p>
    </section>
  );
}

export default ProfilePage satisfies AccountExposes['./ProfilePage']['default'];
