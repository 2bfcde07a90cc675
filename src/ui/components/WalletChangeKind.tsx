import { useTranslation } from 'react-i18next';

/** What a wallet entry was (充值到账, 余额支付, 退款 …); an unknown kind shows as written. */
export function WalletChangeKind({ kind }: { kind: string }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {i18n.exists(`wallet.kind.${kind}`) ? t(`wallet.kind.${kind}` as 'wallet.kind.refund') : kind}
    </>
  );
}
