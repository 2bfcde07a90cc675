/**
 * The client runtime: transport, event log, query cache and the root actors, created once OUTSIDE
 * React (StrictMode would start invoked promises twice otherwise:
 * docs/decisions/client-and-screens.md, "Client runtime"). Components read the actors with
 * useSelector and send them events; effects live in the implementations each module provides
 * (modules.ts, client-module.ts), never in components. The runtime names no domain: it creates what
 * the modules declare and carries their signals.
 */
import type { AnyStateMachine } from 'xstate';
import { accounts } from '../../contract/accounts/refs.ts';
import { dict as dictApi } from '../../contract/dict/refs.ts';
import { API_PREFIX, WEB_BASE } from '../../contract/envelope.ts';
import { createDictCache, type DictCache } from '../../streams/dict-cache.ts';
import { createEventLog, type EventLog } from '../../streams/event-log.ts';
import { createTransport, type Transport } from '../../transport/client.ts';
import { FALLBACK_MESSAGE, isQuotaUsedUp, type ApiError } from '../../transport/errors.ts';
import {
  createRootActors,
  staleTagsByChange,
  type ClientDeps,
  type ClientSignal,
  type ClientSignals,
  type ModuleInstance,
  type RuntimeEnv,
} from './client-module.ts';
import { describeError } from '../../machines/errors.ts';
import { createCommands } from './commands.ts';
import { createFeatureActors, type FeatureActors } from './feature-actors.ts';
import { CLIENT_MODULES } from './modules.ts';
import { createQueries, type Queries } from './queries.ts';

/** Red 提示 notifications for failed calls; the quota one gets its own toast (docs/product-rules.md#errors). */
function reportError(deps: Pick<ClientDeps, 'emit' | 'env'>) {
  return (error: ApiError): void => {
    const title = deps.env.translate('toast.title');
    // A refusal naming its fields is told in their words, as on the screens (machines/errors.ts).
    const message = describeError(error).message ?? FALLBACK_MESSAGE;
    if (isQuotaUsedUp(error)) {
      deps.emit('toast', { type: 'SHOW_QUOTA_USED_UP', message, title });
      return;
    }
    // The id is the failure itself, so the same failure repeated does not stack up.
    deps.emit('toast', {
      type: 'SHOW',
      toast: { id: `error:${error.code}:${message}`, message, title, intent: 'danger' },
    });
  };
}

/**
 * Calls whose answers are logged without their data: the dev inbox holds other people's
 * verification codes and phone numbers in free text (`body`, `target`), which the key-based
 * scrubbing of an export cannot recognise. No machine reads these answers, so replay loses
 * nothing.
 */
const UNLOGGED_ANSWERS: ReadonlySet<string> = new Set([accounts['bms.devInbox.queryList'].id]);

/**
 * A download is logged by its name, type and size: its bytes (a package export, a roster) would
 * fill the bounded log with numbers no replay reads.
 */
function withoutBytes(data: unknown): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const { bytes, ...rest } = data as { bytes?: unknown };
  return bytes instanceof Uint8Array ? { ...rest, size: bytes.byteLength } : data;
}

export function createRuntime(env: RuntimeEnv) {
  const apiBase = env.apiBase ?? API_PREFIX;
  const webBase = env.webBase ?? WEB_BASE;
  const eventLog: EventLog = createEventLog({ now: env.now });

  // Filled below, once every module's actors exist; a signal reaches the modules in list order.
  const instances: ModuleInstance<Record<string, AnyStateMachine>>[] = [];
  function emit<S extends ClientSignal>(signal: S, payload: ClientSignals[S]): void {
    for (const instance of instances) instance.react(signal, payload);
  }

  const transport: Transport = createTransport({
    baseUrl: apiBase,
    fetch: env.fetch,
    now: env.now,
    onError: reportError({ emit, env }),
    onRecord: (record) =>
      eventLog.recordResponse({
        callId: record.callId,
        method: record.method,
        path: record.path,
        status: record.status ?? 0,
        ok: record.ok,
        code: record.code,
        durationMs: record.durationMs,
        data: UNLOGGED_ANSWERS.has(record.callId) ? undefined : withoutBytes(record.data),
      }),
  });

  const queries: Queries = createQueries(transport);
  /** Dictionary lookups, cached per code; a failure is an empty list (docs/product-rules.md#errors). */
  const dict: DictCache = createDictCache(
    async (code) =>
      (await transport.call(dictApi['dict.queryByValue'], { query: { value: code } })).itemList,
  );

  const staleAfter = staleTagsByChange(CLIENT_MODULES);
  const deps: ClientDeps = {
    env,
    transport,
    webBase,
    dict,
    emit,
    changed: (signal) => {
      emit(signal, undefined);
      queries.cache.invalidateTags(staleAfter.get(signal) ?? []);
    },
    openWindow: (url) => void env.window.open(url, '_blank', 'noopener'),
    leaveFor: (url) => env.window.location.assign(url),
  };
  const { actors, instances: created } = createRootActors(CLIENT_MODULES, deps, eventLog);
  instances.push(...created);

  const featureActors: FeatureActors = createFeatureActors(
    () => actors.startup.getSnapshot().context.user?.id ?? null,
  );

  let stopWiring: (() => void) | null = null;

  /** Starts every root actor and the glue between them; returns nothing, stop() undoes it. */
  function start(): void {
    if (stopWiring) return;
    for (const actor of Object.values(actors)) actor.start();
    const subscriptions = instances.flatMap((instance) => instance.wire());
    stopWiring = () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
      for (const actor of Object.values(actors)) actor.stop();
      featureActors.stopAll();
    };
  }

  function stop(): void {
    stopWiring?.();
    stopWiring = null;
  }

  const commands = createCommands({
    eventLog,
    transport,
    states: () => ({ ...actors, ...featureActors.snapshotSource() }),
    env,
  });

  return { env, transport, eventLog, actors, featureActors, queries, dict, commands, start, stop };
}

export type Runtime = ReturnType<typeof createRuntime>;
