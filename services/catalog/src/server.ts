import { runService } from '@pharmacy/service-kit';
import { openCatalogService } from './index';

void runService(openCatalogService, { name: 'catalog', defaultPort: 4002 });
