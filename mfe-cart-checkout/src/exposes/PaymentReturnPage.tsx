import type { CartCheckoutExposes } from '@pharmacy/contracts';
import { PaymentReturnPage } from '../payment/PaymentReturnPage';

export default PaymentReturnPage satisfies CartCheckoutExposes['./PaymentReturnPage']['default'];
