// `@pharmacy/ui/dialog`: kept out of the main entry on purpose. `@pharmacy/ui` is a federation singleton, and a
// shared module ships whole, so Radix Dialog (~12 KB gzip) would load on every first page view although only a
// few account and admin screens open a dialog. A dialog needs no app-wide state, so each app that imports this
// entry bundles its own copy, loaded with the screen that uses it.
export { Dialog, DialogClose } from './components/Dialog';
export type { DialogProps } from './components/Dialog';
