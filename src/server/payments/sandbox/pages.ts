/**
 * The sandbox provider's checkout pages: what a payer sees at a provider — the subject, the
 * amount, the time left, 确认支付 and 取消 — plus a QR code of the same page for paying from a
 * phone. Plain HTML forms, no script (the site's CSP allows none inline), served by the
 * platform under /sandbox-pay/ as a real provider's would be on its own site.
 */
import { escapeHtml } from '../../http/html.ts';
import { requestOrigin } from '../../http/origin.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { SANDBOX_CHECKOUT_PREFIX } from './provider.ts';
import type { ConfirmOutcome, SandboxPayment, SandboxProvider } from './provider.ts';

const PAYMENT_NO = /^[A-Z0-9]{6,40}$/;

const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * The provider's own icon, declared by every page: without one the browser asks for
 * /favicon.ico, which no route serves (a 404 on every checkout).
 */
const FAVICON_PATH = `${SANDBOX_CHECKOUT_PREFIX}/favicon.svg`;
const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<rect width="32" height="32" rx="7" fill="#238551"/>' +
  '<path d="M9 7l7 9 7-9M16 16v10M10 17h12M10 22h12" stroke="#fff" stroke-width="3" ' +
  'fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · 沙箱支付</title>
<link rel="icon" type="image/svg+xml" href="${FAVICON_PATH}">
<style>
body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;background:#f3f5f7;margin:0;color:#1c2127}
main{max-width:420px;margin:48px auto;background:#fff;border-radius:8px;padding:28px;box-shadow:0 1px 4px #0002}
h1{font-size:20px;margin:0 0 4px}.note{color:#5f6b7c;font-size:13px}
.amount{font-size:36px;font-weight:600;margin:16px 0}.row{display:flex;gap:12px;margin-top:20px}
button{flex:1;font-size:16px;padding:10px;border-radius:4px;border:1px solid #c5cbd3;background:#fff;cursor:pointer}
button.primary{background:#238551;border-color:#238551;color:#fff}
.qr{display:block;margin:16px auto 0;width:160px;height:160px}.ok{color:#238551}.bad{color:#cd4246}
</style></head><body><main>${body}</main></body></html>`;
}

const timeLeft = (expiresAt: Date) => {
  const minutes = Math.max(0, Math.ceil((expiresAt.getTime() - Date.now()) / 60_000));
  return `${minutes} 分钟内有效（${expiresAt.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai' })} 截止）`;
};

function checkoutBody(payment: SandboxPayment): string {
  const base = `${SANDBOX_CHECKOUT_PREFIX}/${payment.paymentNo}`;
  const open = payment.status === 'open' && payment.expiresAt.getTime() > Date.now();
  const state = open
    ? `<p class="note">${escapeHtml(timeLeft(payment.expiresAt))}</p>
<form method="post" class="row">
<button type="submit" formaction="${base}/cancel">取消</button>
<button type="submit" class="primary" formaction="${base}/confirm" autofocus>确认支付</button>
</form>
<img class="qr" src="${base}/qr.svg" alt="用手机扫码支付">
<p class="note" style="text-align:center">也可以用手机扫码，在手机上完成支付</p>`
    : `<p class="bad">${payment.status === 'paid' ? '该笔支付已完成' : payment.status === 'closed' ? '该笔支付已关闭' : '该笔支付已过期，请回到订单重新发起支付'}</p>`;
  return `<h1>${escapeHtml(payment.subject)}</h1>
<p class="note">沙箱支付 · 订单号 ${escapeHtml(payment.paymentNo)}</p>
<div class="amount">¥${yuan(payment.amountFen)}</div>${state}`;
}

const outcomeText: Record<ConfirmOutcome, [string, string]> = {
  paid: ['ok', '支付成功。可以关闭此页面回到信奥训练营，订单会自动更新。'],
  alreadyPaid: ['ok', '该笔支付已完成，无需重复支付。'],
  expired: ['bad', '该笔支付已过期，请回到订单重新发起支付。'],
  closed: ['bad', '已取消支付。可以关闭此页面。'],
  unknown: ['bad', '没有这笔支付。'],
};

function outcomeBody(outcome: ConfirmOutcome, payment: SandboxPayment | null): string {
  const [tone, text] = outcomeText[outcome];
  const back = payment
    ? `<p><a href="${escapeHtml(payment.returnUrl)}">返回信奥训练营</a></p>`
    : '';
  return `<h1>沙箱支付</h1><p class="${tone}" role="status">${text}</p>${back}`;
}

export function registerSandboxPages(app: FastifyInstance, provider: SandboxProvider): void {
  void app.register(async (scope) => {
    // The forms post no fields; accept their content type without reading anything from it.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, _body, done) => done(null, {}),
    );

    const paymentNoOf = (request: FastifyRequest, reply: FastifyReply): string | null => {
      const no = (request.params as { paymentNo: string }).paymentNo;
      if (PAYMENT_NO.test(no)) return no;
      void reply
        .code(404)
        .type('text/html')
        .send(page('没有这笔支付', outcomeBody('unknown', null)));
      return null;
    };

    // A static path: find-my-way matches it before the :paymentNo route below.
    scope.get(FAVICON_PATH, async (_request, reply) =>
      reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(FAVICON_SVG),
    );

    scope.get(`${SANDBOX_CHECKOUT_PREFIX}/:paymentNo`, async (request, reply) => {
      const no = paymentNoOf(request, reply);
      if (!no) return reply;
      const payment = await provider.find(no);
      if (!payment)
        return reply
          .code(404)
          .type('text/html')
          .send(page('没有这笔支付', outcomeBody('unknown', null)));
      return reply.type('text/html').send(page(payment.subject, checkoutBody(payment)));
    });

    scope.get(`${SANDBOX_CHECKOUT_PREFIX}/:paymentNo/qr.svg`, async (request, reply) => {
      const no = paymentNoOf(request, reply);
      if (!no) return reply;
      const url = `${requestOrigin(request)}${SANDBOX_CHECKOUT_PREFIX}/${no}`;
      const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return reply.type('image/svg+xml').header('cache-control', 'no-store').send(svg);
    });

    for (const [action, run] of [
      ['confirm', (no: string) => provider.confirm(no)],
      ['cancel', (no: string) => provider.decline(no)],
    ] as const) {
      scope.post(`${SANDBOX_CHECKOUT_PREFIX}/:paymentNo/${action}`, async (request, reply) => {
        const no = paymentNoOf(request, reply);
        if (!no) return reply;
        const outcome = await run(no);
        const payment = await provider.find(no);
        const status = outcome === 'unknown' ? 404 : outcome === 'expired' ? 410 : 200;
        return reply
          .code(status)
          .type('text/html')
          .send(page('沙箱支付', outcomeBody(outcome, payment)));
      });
    }
  });
}
