import type { CaptchaService } from './accounts/captcha.ts';
import type { VerificationCodeService } from './accounts/verification-codes.ts';
import type { Pool } from './db/pool.ts';
import type { EnvelopeKeyring } from './envelope/keyring.ts';
import type { QuotaPolicy } from './member-question/quota.ts';
import type { Logger } from './logger.ts';
import type { Payments } from './payments/service.ts';
import type { FileService } from './files/service.ts';
import type { AppRegistry } from './apps/registry.ts';
import type { RoleOperates } from './http/access.ts';
import type { OrderKinds } from './orders/kinds.ts';
import type { SysLogRecorder } from './sys-log/recorder.ts';
import type { Wechat } from './wechat/provider.ts';
import type { SsoService } from './sso/flow.ts';

/** What handlers use; built once per app in buildApp. */
export interface Services {
  /** This API process's name (server/instance.ts): in every answer and on what it owns. */
  instance: string;
  pool: Pool;
  logger: Logger;
  keyring: EnvelopeKeyring;
  captchas: CaptchaService;
  codes: VerificationCodeService;
  /** Daily limits tied to card rights and the clock that picks the day. */
  quota: QuotaPolicy;
  payments: Payments;
  /** Stored files: the store, the URL-signing secret and clock (server/files/). */
  files: FileService;
  /** The application ids the appid header is checked against (server/apps/). */
  apps: AppRegistry;
  /** What custom roles grant (server/permission/role-operates.ts), read by the access check. */
  roleOperates: RoleOperates;
  /** What each kind of order does (server/order-kinds.ts): the order flow reads it here. */
  orderKinds: OrderKinds;
  /** Writes the system log after each recorded call (server/sys-log/). */
  sysLog: SysLogRecorder;
  /** WeChat sign-in: the provider (null when not configured) and the 公众号 token. */
  wechat: Wechat;
  /** Single sign-on at the school's identity provider; null when not configured. */
  sso: SsoService | null;
}
