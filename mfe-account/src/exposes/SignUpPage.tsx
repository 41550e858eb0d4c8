import type { AccountExposes } from '@pharmacy/contracts';
import { SignUpPage } from '../auth/SignUpPage';

export default SignUpPage satisfies AccountExposes['./SignUpPage']['default'];
