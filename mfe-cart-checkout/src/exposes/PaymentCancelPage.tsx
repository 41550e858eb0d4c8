import type { CartCheckoutExposes } from '@pharmacy/contracts';
import { PaymentCancelPage } from '../payment/PaymentCancelPage';

export default PaymentCancelPage satisfies CartCheckoutExposes['./PaymentCancelPage']['default'];
