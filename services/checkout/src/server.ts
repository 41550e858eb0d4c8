// Runs the checkout service alone on port 4003 (the gateway runs it embedded or proxies to it).
import { runService, startOrExit } from '@pharmacy/service-kit';
import { openCheckoutService } from './index';

void startOrExit('checkout service', () => runService(openCheckoutService, { name: 'checkout', defaultPort: 4003 }));
