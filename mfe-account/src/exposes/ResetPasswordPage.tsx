import type { AccountExposes } from '@pharmacy/contracts';
import { ResetPasswordPage } from '../auth/ResetPasswordPage';

export default ResetPasswordPage satisfies AccountExposes['./ResetPasswordPage']['default'];
