/**
 * Business constants of the client statecharts and streams (docs/product-rules.md#constants unless
 * noted). One place, so the UI, the machines and the tests agree on every number.
 */

/** Toasts visible at once; further ones wait in a FIFO queue (docs/product-rules.md#toasts). */
export const TOAST_LIMIT = 5;
/** Auto-dismiss delay of a non-persistent toast; Blueprint's own default. */
export const TOAST_DEFAULT_TIMEOUT_MS = 5_000;
/**
 * The "times used up" toast has a fixed id so repeated quota failures never stack
 * (docs/product-rules.md#errors).
 */
export const QUOTA_TOAST_ID = 'quota-used-up';

/** Editor font sizes (docs/product-rules.md#editor-configuration). */
export const FONT_SIZE_MIN = 12;
export const FONT_SIZE_MAX = 24;
export const FONT_SIZE_DEFAULT = 16;
export const EDITOR_THEMES = ['vs-dark', 'light'] as const;
export const EDITOR_THEME_DEFAULT = 'vs-dark';
/**
 * Default panel sizes (docs/product-rules.md#editor-configuration): percentages of the split they
 * sit in.
 */
export const PANEL_SIZE_DEFAULTS = { codePanel: 75, questionPanel: 40, resultPanel: 20 } as const;
/** Bounds a dragged splitter may reach, so no panel disappears or swallows the screen. */
export const PANEL_SIZE_MIN = 5;
export const PANEL_SIZE_MAX = 95;

/** Device class: mobile below this viewport width (docs/product-rules.md#device-class). */
export const MOBILE_WIDTH = 700;
/** Media-query breakpoint: layouts switch at max-width 760 (docs/product-rules.md#device-class). */
export const BREAKPOINT = 760;

/**
 * Rolling notice: hidden while stored day-of-month minus today's is at most this
 * (docs/product-rules.md#rolling-notice).
 */
export const NOTICE_HIDE_DAY_DIFF = 2;
/**
 * Day-of-month is read in the display time zone, Asia/Shanghai: UTC+8, no DST (docs/protocol.md,
 * "Times and money").
 */
export const DISPLAY_TZ_OFFSET_MS = 8 * 60 * 60 * 1000;

/** Login dialog: a new SMS code may be asked for this long after the last one. */
export const CODE_RESEND_DELAY_MS = 60_000;

/** Data-fetching defaults (docs/product-rules.md#constants). */
export const SWR_DEDUPE_MS = 2_000;
export const SWR_FOCUS_THROTTLE_MS = 5_000;
export const SWR_ERROR_RETRY_MS = 5_000;
/** Error retries back off exponentially from SWR_ERROR_RETRY_MS and stop after this many. */
export const SWR_ERROR_RETRY_COUNT = 5;
export const SWR_ERROR_RETRY_MAX_DELAY_MS = 80_000;

/** Event log: entries kept before the oldest are dropped. */
export const EVENT_LOG_CAPACITY = 5_000;
