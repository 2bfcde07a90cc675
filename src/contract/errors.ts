/**
 * The error-code catalogue. The server answers every failure as
 * `{success:false, code, message, data}` with one of these codes and an HTTP status of the same
 * class; the client shows `message`. Envelope failures use -1 (docs/product-rules.md#errors).
 */
export const ErrorCode = {
  OK: 0,
  ENVELOPE: -1,
  VALIDATION: 40000,
  BAD_CREDENTIALS: 40001,
  CAPTCHA_INVALID: 40002,
  CODE_INVALID: 40003,
  CAPTCHA_REQUIRED: 40004,
  BAD_SIGNATURE: 40005,
  NOT_LOGGED_IN: 40100,
  INSUFFICIENT_BALANCE: 40200,
  FORBIDDEN: 40300,
  NOT_FOUND: 40400,
  CONFLICT: 40900,
  TRANSITION_NOT_ALLOWED: 40901,
  EXAM_CLOSED: 40902,
  PAYLOAD_TOO_LARGE: 41300,
  QUOTA_USED_UP: 42900,
  RATE_LIMITED: 42901,
  INTERNAL: 50000,
  NOT_CONFIGURED: 50100,
  SERVICE_UNAVAILABLE: 50300,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;

export interface ErrorCatalogueEntry {
  status: number;
  /** Default message in zh-CN; a handler may give a more precise one. */
  message: string;
}

export const errorCatalogue: Record<ErrorCodeName, ErrorCatalogueEntry> = {
  OK: { status: 200, message: '成功' },
  ENVELOPE: { status: 400, message: '签名异常' },
  VALIDATION: { status: 400, message: '参数校验失败' },
  BAD_CREDENTIALS: { status: 400, message: '用户名或密码错误' },
  CAPTCHA_INVALID: { status: 400, message: '图形验证码错误或已过期' },
  CODE_INVALID: { status: 400, message: '验证码错误或已过期' },
  // The login brake (docs/protocol.md): send captchaId and captchaCode with the password.
  CAPTCHA_REQUIRED: { status: 400, message: '该账号密码错误次数较多，请输入图形验证码后再登录' },
  // A payment provider's notification whose signature does not verify (docs/payments.md).
  BAD_SIGNATURE: { status: 400, message: '通知签名校验失败' },
  NOT_LOGGED_IN: { status: 401, message: '请先登录' },
  INSUFFICIENT_BALANCE: { status: 402, message: '余额不足' },
  FORBIDDEN: { status: 403, message: '没有权限执行此操作' },
  NOT_FOUND: { status: 404, message: '数据不存在' },
  CONFLICT: { status: 409, message: '数据冲突' },
  TRANSITION_NOT_ALLOWED: { status: 409, message: '当前状态不允许此操作' },
  // The sitting no longer takes answers (time is up, or it was handed in): retrying cannot help.
  EXAM_CLOSED: { status: 409, message: '作答已结束，不能再保存' },
  PAYLOAD_TOO_LARGE: { status: 413, message: '请求内容过大' },
  // The phrase 次数已用完 ("times used up") is what the client watches for
  // (docs/product-rules.md#errors).
  QUOTA_USED_UP: { status: 429, message: '次数已用完' },
  RATE_LIMITED: { status: 429, message: '操作过于频繁，请稍后再试' },
  INTERNAL: { status: 500, message: '服务器内部错误' },
  // The database is down or restarting: nothing was done, and retrying shortly will work.
  /** A capability this deployment has no provider for (OCR of a document type). */
  NOT_CONFIGURED: { status: 501, message: '服务未配置' },
  SERVICE_UNAVAILABLE: { status: 503, message: '服务暂不可用，请稍后重试' },
};

/** Envelope failures, each answered with code -1 (docs/product-rules.md#errors). */
export const envelopeMessages = {
  signature: '签名异常',
  decrypt: '数据解密异常',
  expired: '请求已过期',
  replayed: '请求重复',
  malformed: '请求格式异常',
  unknownKey: '密钥已失效，请刷新页面',
  mismatch: '签名异常',
  version: '信封协议版本不受支持，请刷新页面或升级客户端',
} as const;

/** The phrase in a failure message that means a quota is used up (docs/product-rules.md#errors). */
export const QUOTA_USED_UP_PHRASE = '次数已用完';
