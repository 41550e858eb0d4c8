import { PageTitle } from '@pharmacy/ui';
import type { CartCheckoutExposes } from '@pharmacy/contracts';

// Placeholder until the cartCheckout team ships this page.
function PaymentCancelPage() {
  return (
    <section>
      <PageTitle>Payment cancelled</PageTitle>
      <p>Payment cancelled is coming soon.</p>
    </section>
  );
}

export default PaymentCancelPage satisfies CartCheckoutExposes['./PaymentCancelPage']['default'];
