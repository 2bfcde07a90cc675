/**
 * The response envelope and the protocol's header names and prefixes. No zod here: the
 * browser's transport imports this on the first screen.
 */

/**
 * Every answer of the API has this shape (docs/protocol.md, "2. Answers"). `code` is 0 on success;
 * failures carry a code from the catalogue in ./errors.ts.
 */
export interface ResponseEnvelope<T> {
  success: boolean;
  code: number;
  message: string;
  data: T | null;
}

/** Header that asks for an encrypted answer on calls without a body (GET, body-less DELETE). */
export const ENVELOPE_KEY_HEADER = 'x-envelope-key';
/** Header every request carries (docs/product-rules.md#requests). */
export const APP_ID_HEADER = 'appid';
export const APP_ID = 'xinao-web';
export const API_PREFIX = '/xinao/api';
export const WEB_BASE = '/web/';
/**
 * The site settings file under the web prefix (docs/product-rules.md#start-up): not an API call.
 */
export const SITE_SETTINGS_PATH = 'settings.json';
