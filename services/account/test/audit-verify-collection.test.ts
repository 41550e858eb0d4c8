import { openStore } from '@pharmacy/db';
import { describeCollectionTrail } from './audit-trail-pages';

jest.setTimeout(30_000);

describeCollectionTrail('the embedded store', () => openStore({ name: 'account', inMemory: true }));
