import { runService } from '@pharmacy/service-kit';
import { openCheckoutService } from './index';

void runService(openCheckoutService, { name: 'checkout', defaultPort: 4003 });
