import { describe, expect, it } from 'vitest';
import { signatureMatches, wechatSignature } from './signature.ts';

describe('the 公众号 server signature', () => {
  it('is the SHA-1 of token, timestamp and nonce sorted and joined', () => {
    // Sorted: 1409304348, test, xxxxxx; the digest computed apart (Python hashlib).
    expect(wechatSignature('test', '1409304348', 'xxxxxx')).toBe(
      '5cc3bdd48f3277ba74173dc7619fe65cc76024d6',
    );
  });

  it('accepts the right signature in either case and refuses any change', () => {
    const signature = wechatSignature('tok', '1700000000', 'abc');
    const fields = { signature, timestamp: '1700000000', nonce: 'abc' };
    expect(signatureMatches('tok', fields)).toBe(true);
    expect(signatureMatches('tok', { ...fields, signature: signature.toUpperCase() })).toBe(true);
    expect(signatureMatches('tok', { ...fields, nonce: 'abd' })).toBe(false);
    expect(signatureMatches('other', fields)).toBe(false);
    expect(signatureMatches('tok', { ...fields, signature: signature.slice(1) })).toBe(false);
  });
});
