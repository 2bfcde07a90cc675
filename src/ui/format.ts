/**
 * Display formats: money is integer fen, times are shown in Asia/Shanghai (docs/protocol.md,
 * "Times and money").
 */
export const DISPLAY_TIME_ZONE = 'Asia/Shanghai';

/** 39900 → "399.00" */
export function formatFen(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** A percentage figure, or — alone when there is none yet (never "—%"): 87 → "87%". */
export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${value}%`;
}

/** Yuan as typed ("12", "12.5", "12.50") → fen within [minFen, maxFen], or null. */
/**
 * Yuan as typed ("12.5") in fen, or null when the text is not an amount: the format alone, for a
 * form whose range is the call's own (its contract field, src/ui/components/staff/contract-rules.ts).
 */
export const fenOfYuan = (text: string): number | null =>
  parseYuan(text, 0, Number.POSITIVE_INFINITY);

export function parseYuan(text: string, minFen: number, maxFen: number): number | null {
  const match = /^(0|[1-9]\d{0,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return fen >= minFen && fen <= maxFen ? fen : null;
}

/** An ISO-8601 instant as a calendar date in Asia/Shanghai, in the UI language. */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, {
    timeZone: DISPLAY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** An ISO-8601 instant as date and time to the second in Asia/Shanghai (24-hour clock). */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, {
    timeZone: DISPLAY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** Shanghai is UTC+8 all year (no daylight saving): wall-clock times convert by the offset. */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** An instant as the `datetime-local` value of a form field, in Asia/Shanghai: 2026-11-25T09:30. */
export function toShanghaiInput(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  return new Date(t + SHANGHAI_OFFSET_MS).toISOString().slice(0, 16);
}

/** A `datetime-local` value read as Asia/Shanghai wall-clock time, as ISO-8601; null if malformed. */
export function fromShanghaiInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const t = Date.parse(`${value}:00Z`);
  return Number.isNaN(t) ? null : new Date(t - SHANGHAI_OFFSET_MS).toISOString();
}
