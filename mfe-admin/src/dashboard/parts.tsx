import { MISSING_VALUE } from '@pharmacy/contracts';

/** A figure not here yet: a dash in the figure's own line height, read as nothing by screen readers. */
export const Pending = () => <span aria-hidden="true">{MISSING_VALUE}</span>;
