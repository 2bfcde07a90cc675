import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { myWallet } from '../../app/commerceQueries.ts';
import { useRuntime } from '../../app/context.ts';
import { useQuery } from '../../app/useQuery.ts';

/** Where AI token packs are sold (aiTokenGoods, bought through the checkout). */
export const BUY_AI_TOKENS_PATH = '/activityPackages';

/**
 * The member's AI tokens and a way to buy more. `fromReply` is the balance the last reply's
 * `done` reported: newer than the wallet until the wallet is read again (the chat marks it
 * stale when a reply is charged).
 */
export function AiTokenBalance({ fromReply }: { fromReply: number | null }) {
  const { t } = useTranslation();
  const wallet = useQuery(myWallet(useRuntime()));
  const fromWallet = wallet.data?.content[0]?.aiTokens;
  const balance = fromReply ?? fromWallet;
  return (
    <div className="xa-ai-balance" data-testid="ai-balance" data-balance={balance ?? ''}>
      <span>{t('ai.balance')}</span>{' '}
      <Tag minimal intent={balance === 0 ? 'danger' : 'none'}>
        {balance === undefined ? '…' : t('ai.tokens', { count: balance })}
      </Tag>{' '}
      {/* A new tab: the question, the code and the conversation stay as they are. */}
      <Link to={BUY_AI_TOKENS_PATH} target="_blank" data-testid="ai-buy-tokens">
        {t('ai.buyMore')}
      </Link>
    </div>
  );
}
