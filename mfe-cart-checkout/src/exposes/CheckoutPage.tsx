import type { CartCheckoutExposes } from '@pharmacy/contracts';
import { CheckoutPage } from '../checkout/CheckoutPage';

export default CheckoutPage satisfies CartCheckoutExposes['./CheckoutPage']['default'];
