import type { AccountExposes } from '@pharmacy/contracts';
import { ChangePasswordPage } from '../password/ChangePasswordPage';

export default ChangePasswordPage satisfies AccountExposes['./ChangePasswordPage']['default'];
