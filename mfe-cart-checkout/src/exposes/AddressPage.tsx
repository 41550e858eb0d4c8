import { PageTitle } from '@pharmacy/ui';
import type { CartCheckoutExposes } from '@pharmacy/contracts';

// Placeholder until the cartCheckout team ships this page.
function AddressPage() {
  return (
    <section>
      <PageTitle>Addresses</PageTitle>
      <p>Addresses is coming soon.</p>
    </section>
  );
}

export default AddressPage satisfies CartCheckoutExposes['./AddressPage']['default'];
