export { fakeApi, reply, ok, okList, fail, networkError, noAnswer, deferred, settle, type ApiCall, type FakeApi, type FakeReply, type Responder } from './fakeApi';
export { renderWithStore, type RenderWithStoreOptions } from './render';
export { provideRouterRequest, setViewportWidth } from './jsdom';
export { makeProduct, shopper, staff, staffWithRole } from './fixtures';
export { FakeXhr, installFakeXhr, pngFile } from './fakeXhr';
