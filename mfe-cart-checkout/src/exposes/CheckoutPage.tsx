import { PageTitle } from '@pharmacy/ui';
import type { CartCheckoutExposes } from '@pharmacy/contracts';

// Placeholder until the cartCheckout team ships this page.
function CheckoutPage() {
  return (
    <section>
      <PageTitle>Checkout</PageTitle>
      <p>Checkout is coming soon.</p>
    </section>
  );
}

export default CheckoutPage satisfies CartCheckoutExposes['./CheckoutPage']['default'];
