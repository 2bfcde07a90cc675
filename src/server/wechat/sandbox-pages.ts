/**
 * The WeChat sandbox's pages (docs/decisions/admin-and-identity.md, "WeChat sign-in"), served by
 * the platform under /sandbox-wx/ as WeChat's would be on its own site. Plain HTML forms, no
 * script (the site's CSP allows none inline); a sandbox WeChat user is the name typed.
 *
 * - `authorize`: WeChat's 公众号 authorization page: agree, and the browser goes back to the
 *   site's page with `?code=…&state=…` (only a page of this site: never an open redirect).
 * - `scan/<scene>`: what the phone shows after scanning the web's sign-in code (WeChat and the
 *   mini program in one): confirming signs the waiting page in, as the mini program would.
 * - `mp/login`, `mp/phone` (JSON): the WeChat app's wx.login and getPhoneNumber, handing the
 *   mini program a code.
 */
import { escapeHtml } from '../http/html.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Pool } from '../db/pool.ts';
import { boundUserId } from './bindings.ts';
import { createSandboxWechat, SANDBOX_WECHAT_PREFIX } from './sandbox.ts';
import type { SandboxWechat } from './sandbox.ts';
import { confirmScene, sceneState } from './scenes.ts';

const SCENE = /^[0-9a-f]{32}$/;
const MOBILE = /^1\d{10}$/;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · 沙箱微信</title>
<style>
body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;background:#ededed;margin:0;color:#1c2127}
main{max-width:420px;margin:48px auto;background:#fff;border-radius:8px;padding:28px;box-shadow:0 1px 4px #0002}
h1{font-size:20px;margin:0 0 8px}.note{color:#5f6b7c;font-size:13px}
label{display:block;margin:16px 0 4px}input{width:100%;box-sizing:border-box;font-size:16px;padding:8px}
.row{display:flex;gap:12px;margin-top:20px}
button{flex:1;font-size:16px;padding:10px;border-radius:4px;border:1px solid #c5cbd3;background:#fff;cursor:pointer}
button.primary{background:#07c160;border-color:#07c160;color:#fff}.ok{color:#07c160}.bad{color:#cd4246}
</style></head><body><main>${body}</main></body></html>`;
}

const nameField = `<label for="nickname">沙箱微信昵称（同一昵称即同一微信用户）</label>
<input id="nickname" name="nickname" required maxlength="32" value="沙箱微信用户" autofocus>`;

/** A page of this site to go back to: a path under /web/, never another origin. */
const sitePath = (value: unknown): string | null =>
  typeof value === 'string' && value.startsWith('/web/') && !value.startsWith('//') ? value : null;

/** What the authorization page is asked: where to go back (a page of this site) and the state. */
function authorizeRequest(query: unknown): { back: string; state: string } | null {
  const q = query as Record<string, unknown>;
  const back = sitePath(q.redirect_uri);
  if (!back) return null;
  return { back, state: typeof q.state === 'string' ? q.state.slice(0, 128) : '' };
}

const nicknameOf = (body: unknown): string | null => {
  const name = (body as Record<string, unknown> | undefined)?.nickname;
  return typeof name === 'string' && name.trim() && name.length <= 32 ? name.trim() : null;
};

function say(reply: FastifyReply, status: number, tone: 'ok' | 'bad', text: string) {
  return reply
    .code(status)
    .type('text/html')
    .send(page('沙箱微信', `<h1>沙箱微信</h1><p class="${tone}" role="status">${text}</p>`));
}

export function registerSandboxWechatPages(app: FastifyInstance, pool: Pool): SandboxWechat {
  const sandbox = createSandboxWechat(pool);
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get(`${SANDBOX_WECHAT_PREFIX}/authorize`, async (request, reply) => {
      const asked = authorizeRequest(request.query);
      if (!asked) return say(reply, 400, 'bad', '回跳地址必须是本站页面');
      const { back, state } = asked;
      const action = `${SANDBOX_WECHAT_PREFIX}/authorize?${new URLSearchParams({ redirect_uri: back, state })}`;
      return reply.type('text/html').send(
        page(
          '微信授权',
          `<h1>信奥训练营 申请使用你的微信身份</h1>
<p class="note">沙箱微信：代替微信的授权页，任何人都可以确认，只用于演示与测试。</p>
<form method="post" action="${escapeHtml(action)}">${nameField}
<div class="row"><button type="submit" name="decision" value="deny">拒绝</button>
<button type="submit" class="primary" name="decision" value="allow">同意</button></div></form>`,
        ),
      );
    });

    scope.post(`${SANDBOX_WECHAT_PREFIX}/authorize`, async (request, reply) => {
      const asked = authorizeRequest(request.query);
      if (!asked) return say(reply, 400, 'bad', '回跳地址必须是本站页面');
      const { back, state } = asked;
      const body = request.body as Record<string, unknown> | undefined;
      const url = new URL(back, 'http://site');
      url.searchParams.set('state', state);
      if (body?.decision !== 'allow') {
        url.searchParams.set('wxDenied', '1');
        return reply.redirect(`${url.pathname}${url.search}`);
      }
      const nickname = nicknameOf(body);
      if (!nickname) return say(reply, 400, 'bad', '请填写沙箱微信昵称');
      url.searchParams.set('code', await sandbox.issueCode('gzh', { nickname }));
      return reply.redirect(`${url.pathname}${url.search}`);
    });

    scope.get(`${SANDBOX_WECHAT_PREFIX}/scan/:scene`, async (request, reply) => {
      const { scene } = request.params as { scene: string };
      if (!SCENE.test(scene)) return say(reply, 404, 'bad', '二维码无效');
      const state = await sceneState(pool, scene).catch(() => null);
      if (!state) return say(reply, 404, 'bad', '二维码无效');
      if (state.status !== 'pending')
        return say(reply, 409, 'bad', '这个二维码已失效，请在电脑上刷新');
      return reply.type('text/html').send(
        page(
          '确认登录',
          `<h1>在电脑上登录信奥训练营</h1>
<p class="note">沙箱微信：代替手机微信与小程序，确认后电脑上的网页即以该微信绑定的账号登录。</p>
<form method="post">${nameField}
<div class="row"><button type="submit" class="primary">确认登录</button></div></form>`,
        ),
      );
    });

    scope.post(`${SANDBOX_WECHAT_PREFIX}/scan/:scene`, async (request, reply) => {
      const { scene } = request.params as { scene: string };
      if (!SCENE.test(scene)) return say(reply, 404, 'bad', '二维码无效');
      const nickname = nicknameOf(request.body);
      if (!nickname) return say(reply, 400, 'bad', '请填写沙箱微信昵称');
      // As the mini program would: wx.login's code, exchanged, confirms the scene.
      const identity = await sandbox.exchangeCode(
        'mp',
        await sandbox.issueCode('mp', { nickname }),
      );
      const userId = await boundUserId(pool, 'mp', identity!);
      try {
        await confirmScene(pool, scene, userId);
      } catch (error) {
        return say(reply, 409, 'bad', escapeHtml((error as Error).message));
      }
      return userId === null
        ? say(
            reply,
            200,
            'bad',
            '该微信尚未绑定信奥训练营账号。请在电脑上用密码登录，并在「我的账号」绑定微信。',
          )
        : say(reply, 200, 'ok', '已确认。请回到电脑上继续。');
    });

    for (const [kind, field] of [
      ['login', 'nickname'],
      ['phone', 'mobile'],
    ] as const) {
      scope.post(`${SANDBOX_WECHAT_PREFIX}/mp/${kind}`, async (request, reply) => {
        const value = (request.body as Record<string, unknown> | undefined)?.[field];
        const valid =
          typeof value === 'string' &&
          (kind === 'login' ? value.trim() !== '' : MOBILE.test(value));
        if (!valid) return reply.code(400).send({ error: `${field} 不正确` });
        const code =
          kind === 'login'
            ? await sandbox.issueCode('mp', { nickname: value.trim() })
            : await sandbox.issueCode('phone', { mobile: value });
        return { code };
      });
    }
  });
  return sandbox;
}
