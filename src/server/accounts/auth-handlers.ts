import { accounts } from '../../contract/accounts/calls.ts';
import { withTransaction } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { handle } from '../http/handler.ts';
import { decoyPasswordHash, verifyPassword } from '../security/password.ts';
import { DEFAULT_CAPTCHA_WIDTH } from './captcha.ts';
import { brakeEngaged, brakeKey, clearLoginAttempts, recordLoginAttempt } from './login-brake.ts';
import { isOwnUsableMember, loadCurrentUser, rememberMember } from './members.ts';
import { signInAs } from './sign-in.ts';
import { switchSessionMember } from '../http/sessions.ts';
import { createStudentAccount, findUserByLogin, findUserByMobile } from './users.ts';

export const authHandlers = [
  handle(accounts.getImageCaptcha, ({ query, services }) =>
    services.captchas.issue(query.width ?? DEFAULT_CAPTCHA_WIDTH),
  ),

  handle(accounts.checkImageCaptcha, async ({ body, services }) => {
    await services.captchas.check(body.captchaId, body.code);
    return { valid: true as const };
  }),

  handle(accounts.getSmsCode, async ({ body, services }) => {
    await services.captchas.consume(body.captchaId, body.captchaCode);
    const expiresAt = await services.codes.send('sms', body.mobile, body.purpose);
    return { sent: true as const, expiresAt: expiresAt.toISOString() };
  }),

  handle(accounts.getEmailCode, async ({ body, services }) => {
    await services.captchas.consume(body.captchaId, body.captchaCode);
    const email = body.email.toLowerCase();
    const expiresAt = await services.codes.send('email', email, body.purpose);
    return { sent: true as const, expiresAt: expiresAt.toISOString() };
  }),

  handle(accounts.registerByPwd, async (ctx) => {
    const { body, services } = ctx;
    // The captcha goes first, so probing which usernames exist costs a captcha per try.
    await services.captchas.consume(body.captchaId, body.captchaCode);
    const account = await withTransaction(services.pool, (client) =>
      createStudentAccount(client, body),
    );
    await ctx.signIn(account.userId, account.memberId);
    return loadCurrentUser(services.pool, account.memberId);
  }),

  handle(accounts.loginByPwd, async (ctx) => {
    const { body, services } = ctx;
    const { pool } = services;
    const user = await findUserByLogin(pool, body.username);
    const key = brakeKey(body.username, user);
    if (await recordLoginAttempt(pool, key)) {
      // Braked: a solved captcha per try, checked before the password is.
      if (!body.captchaId || !body.captchaCode) {
        throw fail('CAPTCHA_REQUIRED', undefined, { captchaRequired: true });
      }
      await services.captchas.consume(body.captchaId, body.captchaCode);
    }
    // Same work and same answer for an unknown user and a wrong password.
    const matches = await verifyPassword(
      body.password,
      user?.passwordHash ?? (await decoyPasswordHash()),
    );
    if (!user || !matches) {
      // Says when the next try will need a captcha, so the form can show it at once.
      const captchaRequired = await brakeEngaged(pool, key);
      throw fail('BAD_CREDENTIALS', undefined, captchaRequired ? { captchaRequired } : null);
    }
    await clearLoginAttempts(pool, key);
    return signInAs(ctx, user);
  }),

  handle(accounts.loginByMobile, async (ctx) => {
    const { body, services } = ctx;
    // The code is checked before the account, so only the phone's owner learns whether the
    // number is registered.
    await services.codes.verify('sms', body.mobile, 'login', body.code);
    const user = await findUserByMobile(services.pool, body.mobile);
    if (!user) throw fail('NOT_FOUND', '该手机号未注册，请先注册或使用用户名登录');
    return signInAs(ctx, user);
  }),

  handle(accounts.queryCurrent, async (ctx) =>
    loadCurrentUser(ctx.services.pool, ctx.requireAuth().memberId),
  ),

  handle(accounts.verify, async ({ auth: caller }) => ({
    valid: caller !== null,
    expiresAt: caller ? caller.expiresAt.toISOString() : null,
  })),

  handle(accounts.logout, async (ctx) => {
    await ctx.signOut();
    return { loggedOut: true as const };
  }),

  handle(accounts.switchOrganization, async (ctx) => {
    const caller = ctx.requireAuth();
    const { pool } = ctx.services;
    const target = ctx.body.memberId;
    if (!(await isOwnUsableMember(pool, caller.userId, target))) {
      throw fail('FORBIDDEN', '只能切换到本人在其他机构的账号');
    }
    await switchSessionMember(pool, caller.sessionId, target);
    await rememberMember(pool, caller.userId, target);
    return loadCurrentUser(pool, target);
  }),
];
