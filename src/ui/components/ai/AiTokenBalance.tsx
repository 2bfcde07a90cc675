import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { myWallet } from '../../app/commerce-queries.ts';
import { useRuntime } from '../../app/context.ts';
import { useQuery } from '../../app/use-query.ts';

/** Where AI token packs are sold (aiTokenGoods, bought through the checkout). */
export const BUY_AI_TOKENS_PATH = '/activityPackages';

/**
 * The member's AI tokens and a way to buy more: the freshest of the wallet and `fromReply`, the
 * balance the last reply's `done` (or refusal) reported. That is newer than the wallet until the
 * wallet is read again — after the charge (the chat marks it stale), or after tokens were bought
 * — and from then on the wallet is.
 */
export function AiTokenBalance({ fromReply }: { fromReply: number | null }) {
  const { t } = useTranslation();
  const wallet = useQuery(myWallet(useRuntime()));
  const fromWallet = wallet.data?.content[0]?.aiTokens;
  // When the wallet was read as `fromReply` arrived: a later read is newer than the reply.
  const [seen, setSeen] = useState({ fromReply, walletAt: wallet.updatedAt });
  if (seen.fromReply !== fromReply) setSeen({ fromReply, walletAt: wallet.updatedAt });
  const replyIsNewer =
    fromReply !== null &&
    (seen.fromReply !== fromReply ||
      seen.walletAt === wallet.updatedAt ||
      fromWallet === undefined);
  const balance = replyIsNewer ? fromReply : fromWallet;
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
