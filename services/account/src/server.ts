// Runs the account service alone on port 4001 (the gateway runs it embedded or proxies to it).
import { runService } from '@pharmacy/service-kit';
import { openAccountService } from './index';

runService(openAccountService, { name: 'account', defaultPort: 4001, needsPrivateKey: true }).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
