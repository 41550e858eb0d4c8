export { fakeApi, ok, okList, fail, networkError, noAnswer, deferred, type ApiCall, type FakeApi, type FakeReply, type Responder } from './fakeApi';
export { renderWithStore, setViewportWidth, type RenderWithStoreOptions } from './render';
export { makeProduct, shopper, staff } from './fixtures';
