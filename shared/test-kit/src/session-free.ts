/**
 * The part of the kit that does not need @pharmacy/session at run time. shared/session's own tests import this file
 * by path instead of depending on the kit, because the kit depends on session (renderWithStore builds the host store)
 * and a dependency both ways makes pnpm report a workspace cycle.
 */
export { fakeApi, reply, ok, okList, fail, networkError, noAnswer, deferred, settle, type ApiCall, type FakeApi, type FakeReply, type Responder } from './fakeApi';
export { shopper, staff } from './fixtures';
