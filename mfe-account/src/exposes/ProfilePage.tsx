import type { AccountExposes } from '@pharmacy/contracts';
import { ProfilePage } from '../profile/ProfilePage';

export default ProfilePage satisfies AccountExposes['./ProfilePage']['default'];
