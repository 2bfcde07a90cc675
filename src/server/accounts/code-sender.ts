import type { Pool } from '../db/pool.ts';
import type { Logger } from '../logger.ts';

export type CodeChannel = 'sms' | 'email';

/**
 * Delivers a verification message. A deployment plugs in its SMS gateway or mail server; the
 * default keeps messages on this machine (see DevInboxSender).
 */
export interface CodeSender {
  send(channel: CodeChannel, target: string, text: string): Promise<void>;
}

/**
 * The development sender: nothing leaves the machine. The message goes to the server log and
 * to the dev inbox, which only platform admins can read (devInbox.queryList).
 */
export class DevInboxSender implements CodeSender {
  constructor(
    private readonly pool: Pool,
    private readonly logger: Logger,
  ) {}

  async send(channel: CodeChannel, target: string, text: string): Promise<void> {
    await this.pool.query('INSERT INTO dev_inbox (channel, target, body) VALUES ($1, $2, $3)', [
      channel,
      target,
      text,
    ]);
    this.logger.info(`开发收件箱 [${channel}] ${target}: ${text}`);
  }
}
