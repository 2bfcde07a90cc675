/** Which sign-in methods beyond password and SMS the platform offers (its settings decide). */
import { sso } from '../../../contract/sso/refs.ts';
import { wechat } from '../../../contract/wechat/refs.ts';
import { useRuntime } from '../../app/context.ts';
import { definedQuery } from '../../app/defined-query.ts';
import { useQuery } from '../../app/use-query.ts';

/** WeChat sign-in is on (WECHAT_PROVIDER): until known, the tab is not offered. */
export function useWechatSignIn(): boolean {
  const runtime = useRuntime();
  const config = useQuery(
    definedQuery(runtime, 'wechatConfig', () =>
      runtime.transport.call(wechat['wx.queryConfig'], {}),
    ),
  );
  return config.data?.enabled === true;
}

/** Single sign-on's button name when the platform names an identity provider, else null. */
export function useSsoSignIn(): string | null {
  const runtime = useRuntime();
  const config = useQuery(
    definedQuery(runtime, 'ssoConfig', () => runtime.transport.call(sso['sso.queryConfig'], {})),
  );
  return config.data?.enabled ? config.data.name : null;
}
