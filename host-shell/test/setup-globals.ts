import { provideRouterRequest } from '@pharmacy/test-kit';

// jsdom does not implement scrolling; ScrollRestoration and the scroll-to-top button call it.
Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true });
// The host's data router builds a Request per navigation.
provideRouterRequest();
