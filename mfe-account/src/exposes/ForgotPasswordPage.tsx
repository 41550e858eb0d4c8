import type { AccountExposes } from '@pharmacy/contracts';
import { ForgotPasswordPage } from '../auth/ForgotPasswordPage';

export default ForgotPasswordPage satisfies AccountExposes['./ForgotPasswordPage']['default'];
