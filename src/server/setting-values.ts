/**
 * The words a yes/no setting takes, in any case, read the same way by every setting
 * (config.ts, files/settings.ts): a typo must stop the start with the setting's name, not turn
 * `SECURE_COOKIES=ture` into insecure cookies.
 */
const YES = ['1', 'true', 'yes', 'on'];
const NO = ['0', 'false', 'no', 'off'];

export const isYes = (value: string): boolean => YES.includes(value.toLowerCase());
export const isNo = (value: string): boolean => NO.includes(value.toLowerCase());

/** A yes/no setting: unset or empty is no; a value that is neither refuses the start. */
export function parseYesNo(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '') return false;
  if (isYes(value)) return true;
  if (isNo(value)) return false;
  throw new Error(`${name} must be 1 or 0, got "${value}"`);
}
