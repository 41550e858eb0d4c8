export { pageRenderer } from './render';
