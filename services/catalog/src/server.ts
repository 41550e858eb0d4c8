// Runs the catalog service alone on port 4002 (the gateway runs it embedded or proxies to it).
import { runService, startOrExit } from '@pharmacy/service-kit';
import { openCatalogService } from './index';

void startOrExit('catalog service', () => runService(openCatalogService, { name: 'catalog', defaultPort: 4002 }));
