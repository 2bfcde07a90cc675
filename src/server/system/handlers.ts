import { system } from '../../contract/system/calls.ts';
import { fail } from '../http/app-error.ts';
import { handle } from '../http/handler.ts';

export const systemHandlers = [
  handle(system.root, async ({ services }) => {
    try {
      await services.pool.query('SELECT 1');
    } catch (err) {
      services.logger.error({ err: (err as Error).message }, 'health check: database unreachable');
      // 503 with what is down, for monitors; the API answers 503 to everything meanwhile.
      throw fail('SERVICE_UNAVAILABLE', '服务暂不可用：数据库不可用', {
        status: 'down',
        time: new Date().toISOString(),
        database: 'down',
      });
    }
    return { status: 'ok' as const, time: new Date().toISOString(), database: 'ok' as const };
  }),

  handle(system['common.envelope.publicKey'], async ({ services }) => services.keyring.current),
];
