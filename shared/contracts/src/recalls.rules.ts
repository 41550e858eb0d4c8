// The rules of recalls (docs/domain.md#recalls): constants both the services and the browser read.

/** A recall's class, 1 (the most serious, act at once) to 4 (caution in use). */
export const RECALL_CLASSES = [1, 2, 3, 4] as const;
export type RecallClass = (typeof RECALL_CLASSES)[number];
/** Classes whose notices are mailed at once; the others wait for the next daily pass (docs/domain.md#recalls). */
export const URGENT_RECALL_CLASSES: readonly RecallClass[] = [1, 2];
export const RECALL_TEXT_MAX = 1000;

/** `quarantining` until the catalog took every batch off sale and the affected orders were found; then `quarantined`. */
export const RECALL_STATES = ['quarantining', 'quarantined'] as const;
export type RecallState = (typeof RECALL_STATES)[number];
/** A notice's mail: `due` (waiting for its pass or for the mail service), `sent`, or `undeliverable` (account gone). */
export const NOTICE_MAIL_STATES = ['due', 'sent', 'undeliverable'] as const;
