/**
 * The CPU the envelope's own crypto costs one call, both ends together, measured in this
 * process: the SDK's per-call work (WebCrypto: the call's keys from its channel, sealing the
 * request, opening the answer) and the server's (node:crypto: the call's keys, opening the
 * request, sealing the answer) on the same request body and answer the bench sends and gets.
 * The nonce claim's statement is not in it: callers account for it separately.
 */
import {
  ChannelSecrets,
  acceptServerSession,
  openServerRequest,
  privateScalarFromJwk,
  sealServerResponse,
} from '../../src/server/envelope/node-envelope.ts';
import {
  channelSession,
  generateServerKeyPair,
  openClientChannel,
  openResponse,
  sealRequest,
} from '../../src/transport/envelope-crypto.ts';

export async function envelopeCryptoMsPerCall(
  path: string,
  body: unknown,
  answer: unknown,
  calls = 2000,
): Promise<number> {
  const pair = await generateServerKeyPair();
  const scalar = privateScalarFromJwk(pair.privateKeyJwk);
  const channel = await openClientChannel({ keyId: pair.keyId, publicKey: pair.publicKey });
  const channels = new ChannelSecrets();
  const call = { method: 'POST', path };
  const one = async () => {
    const session = await channelSession(channel, call);
    const sealed = await sealRequest(session, { ...call, body, now: Date.now() });
    const server = acceptServerSession(sealed.key, () => scalar, call, channels);
    await openServerRequest(server, sealed, { ...call, now: Date.now() }, () =>
      Promise.resolve(true),
    );
    await openResponse(session, sealServerResponse(server, answer));
  };
  for (let i = 0; i < 200; i++) await one(); // warm-up: JIT, the channel's secret
  const before = process.cpuUsage();
  for (let i = 0; i < calls; i++) await one();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / calls;
}
