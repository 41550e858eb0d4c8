import { PageTitle } from '@pharmacy/ui';
import type { CartCheckoutExposes } from '@pharmacy/contracts';

// Placeholder until the cartCheckout team ships this page.
function CartPage() {
  return (
    <section>
      <PageTitle>Your cart</PageTitle>
      <p>Your cart is coming soon.</p>
    </section>
  );
}

export default CartPage satisfies CartCheckoutExposes['./CartPage']['default'];
