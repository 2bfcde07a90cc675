/**
 * Routes of the system calls (definitions with schemas: ../calls/system.ts). No zod here: the
 * transport fetches the envelope key through `envelopePublicKey` on every first call.
 */
import { refsTo, type CallRoute } from '../call.ts';
import type * as defs from '../calls/system.ts';

export const health: CallRoute = { id: 'system.health', method: 'GET', path: '/' };
export const envelopePublicKey: CallRoute = {
  id: 'system.envelopePublicKey',
  method: 'GET',
  path: '/common/envelope/publicKey',
};

/** The site settings file under the web prefix (spec 000 §1, §7): not an API call. */
export const SITE_SETTINGS_PATH = 'settings.json';

/** The system calls as the browser makes them. */
export const system = refsTo<typeof defs>()({ health, envelopePublicKey });
