export { fakeApi, ok, okList, fail, networkError, noAnswer, deferred, type ApiCall, type FakeApi, type FakeReply, type Responder } from './fakeApi';
export { renderWithStore, type RenderWithStoreOptions } from './render';
export { provideRouterRequest, setViewportWidth } from './jsdom';
export { makeProduct, shopper, staff } from './fixtures';
