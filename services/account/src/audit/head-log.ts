import { anchorText, type TrailHead } from './chain';

/**
 * The shop's own anchor (docs/operations.md#audit-trail): the account service logs the trail's head at info level,
 * so the logs, shipped off the machine, keep seq/hash pairs that whoever rewrites the data folder or the database
 * cannot reach. `pnpm audit:verify --anchor <seq>:<hash>` then shows the end of the trail removed or rewritten.
 * Logged at start, after every `every` appends, `intervalMs` after an append not yet logged, and at close.
 */
export interface HeadLogOptions {
  every: number;
  intervalMs: number;
}

export const DEFAULT_HEAD_LOG: HeadLogOptions = { every: 100, intervalMs: 5 * 60_000 };

export interface HeadLog {
  /** Told of each entry appended, in seq order. */
  appended(head: TrailHead): void;
  /** Logs the head found at start and starts the timer. */
  start(head: TrailHead | null): void;
  /** Logs a head not logged yet and stops the timer. */
  stop(): void;
}

interface InfoLog {
  info(details: object, message: string): void;
}

export function createHeadLog(log: InfoLog, options: HeadLogOptions = DEFAULT_HEAD_LOG): HeadLog {
  let latest: TrailHead | null = null;
  let logged: TrailHead | null = null;
  let since = 0;
  let timer: NodeJS.Timeout | null = null;

  const write = (head: TrailHead) => {
    // The message holds the anchor itself, as verify takes it: a plain-text search of the logs finds it.
    log.info({ auditHead: { seq: head.seq, hash: head.hash } }, `audit head seq ${head.seq} hash ${head.hash} (--anchor ${anchorText(head)})`);
    logged = head;
    since = 0;
  };
  const unlogged = () => latest !== null && latest.seq !== logged?.seq;

  return {
    appended(head) {
      if (latest && head.seq <= latest.seq) return;
      latest = head;
      if (++since >= options.every) write(head);
    },
    start(head) {
      latest = head;
      if (head) write(head);
      timer = setInterval(() => {
        if (unlogged()) write(latest!);
      }, options.intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      if (unlogged()) write(latest!);
    },
  };
}
