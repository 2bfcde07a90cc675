import { Button, Callout, Card } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { wechat } from '../../../contract/wechat/refs.ts';
import { wechatBindEvents } from '../../../machines/wechat-bind/events.ts';
import { WECHAT_BIND_STATE } from '../../../machines/wechat-bind/machine.ts';
import { useRuntime } from '../../app/context.ts';
import { definedQuery, memberKey } from '../../app/defined-query.ts';
import { useQuery } from '../../app/use-query.ts';
import { formatDateTime } from '../../format.ts';

/** Where WeChat's authorization page comes back to: this page (spelled so, docs/product-rules.md). */
const RETURN_PATH = '/web/user/accout';

/**
 * WeChat on the account page (issue 27 item 7): whether a WeChat is bound, binding one through
 * WeChat's authorization page (the sandbox's outside production), which comes back here with a
 * code the wechatBind machine exchanges and binds, and unbinding it. A WeChat already another
 * person's is refused, and said so here.
 */
export function WechatBinding() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { wechatBind } = runtime.actors;
  const events = wechatBindEvents(wechatBind);
  const [params, setParams] = useSearchParams();
  const state = useSelector(wechatBind, (s) => s.value as string);
  const error = useSelector(wechatBind, (s) => s.context.error);
  const binding = useQuery(
    definedQuery(runtime, `wechatBinding:${memberKey(runtime)}`, () =>
      runtime.transport.call(wechat['member.queryWxBinding'], {}),
    ),
  );
  const [denied, setDenied] = useState(false);

  // Back from WeChat: bind the code once, and take it out of the address.
  useEffect(() => {
    if (params.get('state') !== WECHAT_BIND_STATE) return;
    const code = params.get('code');
    if (code) wechatBindEvents(wechatBind).bind(code);
    setDenied(params.get('wxDenied') === '1');
    setParams({}, { replace: true });
  }, [params, setParams, wechatBind]);

  useEffect(() => {
    const subscription = wechatBind.on('changed', () =>
      runtime.queries.cache.invalidate((key) => key.startsWith('wechatBinding:')),
    );
    return () => subscription.unsubscribe();
  }, [wechatBind, runtime]);

  const boundAt = binding.data?.gzh ?? binding.data?.mp ?? null;
  // Not in `left`: a tab kept (the navigation refused, or Back) may press again.
  const busy = state === 'leaving' || state === 'binding';
  return (
    <Card className="xa-section" data-testid="wechat-binding">
      <h2>{t('wechatBinding.title')}</h2>
      <p role="status">
        {state === 'binding'
          ? t('wechatBinding.binding')
          : state === 'unbinding'
            ? t('wechatBinding.unbinding')
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
        loading={busy}
        disabled={state === 'unbinding'}
        onClick={() => events.start(RETURN_PATH)}
        data-testid="wechat-bind"
      />
      {boundAt && (
        <Button
          variant="minimal"
          intent="danger"
          text={t('wechatBinding.unbind')}
          loading={state === 'unbinding'}
          disabled={busy}
          onClick={() => {
            if (window.confirm(t('wechatBinding.unbindConfirm'))) events.unbind();
          }}
          data-testid="wechat-unbind"
        />
      )}
    </Card>
  );
}
