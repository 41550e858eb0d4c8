import { DEV_MAILBOX_PATH } from '@pharmacy/contracts';
import { devMailboxOn, type GatewayMode, type KitConfig } from '@pharmacy/service-kit';

/**
 * What the gateway says once it listens (`pnpm start`, `pnpm serve`): where the shop is and, on an install that keeps
 * its mail, where that mail (reset links included) can be read, and by whom.
 */
export function startBanner(config: Pick<KitConfig, 'publicOrigin' | 'host' | 'port' | 'production' | 'smtpUrl'>, mode: GatewayMode): string[] {
  const lines = [`Pharmacy & Care is running on ${config.publicOrigin} (${mode} mode, listening on ${config.host}:${config.port})`];
  if (devMailboxOn({ production: config.production, smtp: Boolean(config.smtpUrl) })) {
    lines.push(`No SMTP_URL set: mail is kept and readable at ${config.publicOrigin}${DEV_MAILBOX_PATH}, from this machine only`);
  }
  return lines;
}
