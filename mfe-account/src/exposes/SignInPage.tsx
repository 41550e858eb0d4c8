import type { AccountExposes } from '@pharmacy/contracts';
import { SignInPage } from '../auth/SignInPage';

export default SignInPage satisfies AccountExposes['./SignInPage']['default'];
