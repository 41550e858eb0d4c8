// Runs the account service alone on port 4001 (the gateway runs it embedded or proxies to it).
import { runService, startOrExit } from '@pharmacy/service-kit';
import { openAccountService } from './index';

void startOrExit('account service', () => runService(openAccountService, { name: 'account', defaultPort: 4001, needsPrivateKey: true }));
