import { PageTitle } from '@pharmacy/ui';
import type { CartCheckoutExposes } from '@pharmacy/contracts';

// Placeholder until the cartCheckout team ships this page.
function PaymentReturnPage() {
  return (
    <section>
      <PageTitle>Payment</PageTitle>
      <p>Payment is coming soon.</p>
    </section>
  );
}

export default PaymentReturnPage satisfies CartCheckoutExposes['./PaymentReturnPage']['default'];
