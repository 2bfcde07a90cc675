import { Button, Callout, Card } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { wechat } from '../../../contract/wechat/refs.ts';
import { wechatBindEvents } from '../../../machines/wechat-bind/events.ts';
import { useRuntime } from '../../app/context.ts';
import { definedQuery, memberKey } from '../../app/defined-query.ts';
import { useQuery } from '../../app/use-query.ts';
import { formatDateTime } from '../../format.ts';

/** The state WeChat's authorization page brings back to, naming a binding. */
const BIND_STATE = 'bind';
const RETURN_PATH = '/web/user/accout';

/**
 * WeChat on the account page (issue 27 item 7): whether a WeChat is bound, and binding one —
 * through WeChat's authorization page (the sandbox's outside production), which comes back here
 * with a code the wechatBind machine exchanges and binds. A WeChat already another person's is
 * refused, and said so here.
 */
export function WechatBinding() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { wechatBind } = runtime.actors;
  const [params, setParams] = useSearchParams();
  const state = useSelector(wechatBind, (s) => s.value as string);
  const error = useSelector(wechatBind, (s) => s.context.error);
  const binding = useQuery(
    definedQuery(runtime, `wechatBinding:${memberKey(runtime)}`, () =>
      runtime.transport.call(wechat['member.queryWxBinding'], {}),
    ),
  );
  const [denied, setDenied] = useState(false);
  const [leaving, setLeaving] = useState(false);

  // Back from WeChat: bind the code once, and take it out of the address.
  useEffect(() => {
    if (params.get('state') !== BIND_STATE) return;
    const code = params.get('code');
    if (code) wechatBindEvents(wechatBind).bind(code);
    setDenied(params.get('wxDenied') === '1');
    setParams({}, { replace: true });
  }, [params, setParams, wechatBind]);

  useEffect(() => {
    const subscription = wechatBind.on('bound', () =>
      runtime.queries.cache.invalidate((key) => key.startsWith('wechatBinding:')),
    );
    return () => subscription.unsubscribe();
  }, [wechatBind, runtime]);

  const goToWechat = async () => {
    setLeaving(true);
    try {
      const { url } = await runtime.transport.call(wechat['wx.gzh.authorizeUrl'], {
        query: { redirect: RETURN_PATH, state: BIND_STATE },
      });
      window.location.assign(url);
    } catch {
      setLeaving(false);
    }
  };

  const boundAt = binding.data?.gzh ?? binding.data?.mp ?? null;
  return (
    <Card className="xa-section" data-testid="wechat-binding">
      <h2>{t('wechatBinding.title')}</h2>
      <p role="status">
        {state === 'binding'
          ? t('wechatBinding.binding')
          : boundAt
            ? t('wechatBinding.bound', { at: formatDateTime(boundAt, i18n.language) })
            : t('wechatBinding.unbound')}
      </p>
      {state === 'failed' && error && (
        <Callout intent="danger" role="alert">
          {error.message}
        </Callout>
      )}
      {denied && <Callout intent="warning">{t('wechatBinding.denied')}</Callout>}
      <Button
        text={boundAt ? t('wechatBinding.rebind') : t('wechatBinding.bind')}
        loading={leaving || state === 'binding'}
        onClick={() => void goToWechat()}
        data-testid="wechat-bind"
      />
    </Card>
  );
}
