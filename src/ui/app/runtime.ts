/**
 * The client runtime: transport, event log and the root actors, created once OUTSIDE React
 * (DESIGN.md §2: StrictMode would start invoked promises twice otherwise). Components read the
 * actors with useSelector and send them events; effects live in the implementations provided
 * here (calls, local storage, document title), never in components.
 */
import { createActor, fromPromise, type Actor } from 'xstate';
// Calls by their routes (src/contract/routes): the schemas, and zod with them, stay off the
// first screen; the types still come from the full definitions.
import { accounts } from '../../contract/accounts/refs.ts';
import { membership as membershipApi } from '../../contract/membership/refs.ts';
import { dict as dictApi } from '../../contract/dict/refs.ts';
import type { CurrentUser } from '../../contract/accounts/calls.ts';
import { API_PREFIX, WEB_BASE } from '../../contract/envelope.ts';
import { deviceMachine } from '../../machines/deviceClass.ts';
import { editorConfigMachine, type EditorConfigInput } from '../../machines/editorConfig.ts';
import { createCheckoutImplementations } from '../../machines/checkout/implementations.ts';
import { checkoutMachine } from '../../machines/checkout/machine.ts';
import { createLoginImplementations } from '../../machines/login/implementations.ts';
import { createOrderActionsImplementations } from '../../machines/orders/implementations.ts';
import { orderActionsMachine } from '../../machines/orders/machine.ts';
import { createExamEnrollImplementations } from '../../machines/exam-enroll/implementations.ts';
import { examEnrollMachine } from '../../machines/exam-enroll/machine.ts';
import { createGradeEnrollImplementations } from '../../machines/grade-enroll/implementations.ts';
import { createActivityEnrollImplementations } from '../../machines/activity-enroll/implementations.ts';
import { activityEnrollMachine } from '../../machines/activity-enroll/machine.ts';
import { prizeClaimMachine } from '../../machines/prize-claim/machine.ts';
import { createPrizeClaimImplementations } from '../../machines/prize-claim/implementations.ts';
import { createChildCheckoutImplementations } from '../../machines/child-checkout/implementations.ts';
import { parentBindingMachine } from '../../machines/parent-binding/machine.ts';
import { createParentBindingImplementations } from '../../machines/parent-binding/implementations.ts';
import { invitationAnswerMachine } from '../../machines/invitation-answer/machine.ts';
import { createInvitationAnswerImplementations } from '../../machines/invitation-answer/implementations.ts';
import { gradeEnrollMachine } from '../../machines/grade-enroll/machine.ts';
import { createStaffEditImplementations } from '../../machines/staff-edit/implementations.ts';
import { savedToastId, staffEditMachine } from '../../machines/staff-edit/machine.ts';
import { createQuestionPackagesImplementations } from '../../machines/question-packages/implementations.ts';
import { questionPackagesMachine } from '../../machines/question-packages/machine.ts';
import { loginDialogMachine } from '../../machines/login/machine.ts';
import { createRegisterImplementations } from '../../machines/register/implementations.ts';
import { membershipMachine } from '../../machines/membership.ts';
import { registerMachine } from '../../machines/register/machine.ts';
import { rollingNoticeMachine } from '../../machines/rollingNotice.ts';
import { sessionMachine } from '../../machines/session.ts';
import { startupMachine } from '../../machines/startup.ts';
import { toastQueueMachine } from '../../machines/toastQueue.ts';
import { isMemberAnswersKey } from './cacheKeys.ts';
import { createDictCache, type DictCache } from '../../streams/dictCache.ts';
import { createEventLog, type EventLog } from '../../streams/eventLog.ts';
import { createTransport, type Transport } from '../../transport/client.ts';
import { FALLBACK_MESSAGE, isQuotaUsedUp, type ApiError } from '../../transport/errors.ts';
import { applySiteSettings, fetchSiteSettings } from './siteSettings.ts';
import { STORAGE_KEYS, type SafeStorage } from './storage.ts';
import { createQueries, type Queries } from './queries.ts';
import { createCommands } from './commands.ts';
import { createFeatureActors, type FeatureActors } from './featureActors.ts';
import { isCommerceKey } from './commerceQueries.ts';
import { isFamilyKey } from './familyQueries.ts';
import { isStaffKey } from './staffQueries.ts';
import { isSiteKey } from './siteQueries.ts';

export interface RuntimeEnv {
  fetch: typeof fetch;
  storage: SafeStorage;
  document: Document;
  window: Pick<Window, 'open' | 'innerWidth' | 'addEventListener' | 'removeEventListener'>;
  userAgent: string;
  now: () => number;
  /** Translates an i18n key at the moment a toast is raised (e.g. the 提示 title, 已保存). */
  translate: (key: 'toast.title' | 'staff.saved') => string;
  /** Client-side navigation (the router's navigate), for "return to" after a login. */
  navigate: (to: string) => void;
  apiBase?: string;
  webBase?: string;
}

function readStoredNumber(storage: SafeStorage, key: string): number | null {
  const value = Number(storage.get(key));
  return storage.get(key) !== null && Number.isFinite(value) ? value : null;
}

function readStoredEditorConfig(storage: SafeStorage): EditorConfigInput | undefined {
  try {
    const parsed: unknown = JSON.parse(storage.get(STORAGE_KEYS.editorConfig) ?? 'null');
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as EditorConfigInput)
      : undefined;
  } catch {
    return undefined; // Unreadable: the machine falls back to its defaults.
  }
}

/** Red 提示 notifications for failed calls; the quota one gets its own toast (docs/product-rules.md#errors). */
function reportError(toastQueue: Actor<typeof toastQueueMachine>, env: RuntimeEnv) {
  return (error: ApiError): void => {
    const title = env.translate('toast.title');
    const message = error.message || FALLBACK_MESSAGE;
    if (isQuotaUsedUp(error)) {
      toastQueue.send({ type: 'SHOW_QUOTA_USED_UP', message, title });
      return;
    }
    // The id is the failure itself, so the same failure repeated does not stack up.
    toastQueue.send({
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

/** How long 已保存 stays: long enough to read, short enough not to cover the next action. */
const STAFF_SAVED_TOAST_MS = 2_000;

export function createRuntime(env: RuntimeEnv) {
  const apiBase = env.apiBase ?? API_PREFIX;
  const webBase = env.webBase ?? WEB_BASE;
  const eventLog: EventLog = createEventLog({ now: env.now });

  // The toast queue exists before the transport: the transport reports failures into it.
  const toastQueue = createActor(toastQueueMachine, eventLog.attachToActor('toastQueue'));

  const transport: Transport = createTransport({
    baseUrl: apiBase,
    fetch: env.fetch,
    now: env.now,
    onError: reportError(toastQueue, env),
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

  const startup = createActor(
    startupMachine.provide({
      actors: {
        loadSettings: fromPromise(() => fetchSiteSettings(env.fetch, webBase)),
        // Anonymous is the normal case here: no red notification (errors ignored, docs/product-rules.md#start-up).
        loadCurrentUser: fromPromise<CurrentUser | null>(() =>
          transport.call(accounts.queryCurrent, { skipErrorHandler: true }),
        ),
        loadTeacherList: fromPromise(() =>
          transport.call(accounts['oj.member.queryMineTeacherList'], { skipErrorHandler: true }),
        ),
        // A failed logout or switch shows the red notification; the machine keeps the user.
        logout: fromPromise<unknown>(() => transport.call(accounts.logout)),
        switchOrganization: fromPromise(({ input }) =>
          transport.call(accounts.switchOrganization, { body: { memberId: input.memberId } }),
        ),
      },
      actions: {
        applySettings: (_, { settings }) => applySiteSettings(settings, env.document, env.storage),
      },
    }),
    eventLog.attachToActor('startup'),
  );

  const loginDialog = createActor(
    loginDialogMachine.provide(createLoginImplementations({ transport })),
    eventLog.attachToActor('loginDialog'),
  );

  const register = createActor(
    registerMachine.provide(createRegisterImplementations({ transport })),
    eventLog.attachToActor('register'),
  );

  const rollingNotice = createActor(
    rollingNoticeMachine.provide({
      actions: {
        persistDismissal: (_, { now }) =>
          env.storage.set(STORAGE_KEYS.noticeDismissedAt, String(now)),
      },
    }),
    eventLog.attachToActor('rollingNotice', {
      input: {
        dismissedAt: readStoredNumber(env.storage, STORAGE_KEYS.noticeDismissedAt),
        now: env.now(),
      },
    }),
  );

  const editorConfig = createActor(
    editorConfigMachine.provide({
      actions: {
        persist: (_, saved) => env.storage.set(STORAGE_KEYS.editorConfig, JSON.stringify(saved)),
      },
    }),
    eventLog.attachToActor('editorConfig', { input: readStoredEditorConfig(env.storage) }),
  );

  const membership = createActor(
    membershipMachine.provide({
      actors: {
        loadMemberMemberships: fromPromise(async () => {
          const page = await transport.call(membershipApi['oj.memberMembership.queryList'], {
            query: { page: 0, size: 100 },
            body: {},
          });
          return page.content;
        }),
      },
    }),
    eventLog.attachToActor('membership'),
  );

  const device = createActor(
    deviceMachine,
    eventLog.attachToActor('device', {
      input: { userAgent: env.userAgent, width: env.window.innerWidth },
    }),
  );

  const session = createActor(sessionMachine, eventLog.attachToActor('session'));

  // Set once the query cache exists (below): a purchase or an order action marks the member's
  // orders, wallet and history stale.
  let afterPurchase: () => void = () => undefined;
  const checkout = createActor(
    checkoutMachine.provide(
      createCheckoutImplementations({
        transport,
        openWindow: (url) => void env.window.open(url, '_blank', 'noopener'),
        onPaid: () => {
          membership.send({ type: 'LOAD', now: env.now() });
          afterPurchase();
        },
      }),
    ),
    eventLog.attachToActor('checkout'),
  );

  // Set once the query cache exists: a staff write or decision marks the back office stale.
  let afterStaffChange: () => void = () => undefined;
  const staffOrderActions = createActor(
    orderActionsMachine.provide(
      createOrderActionsImplementations({
        transport,
        area: 'staff',
        onChanged: () => afterStaffChange(),
      }),
    ),
    eventLog.attachToActor('staffOrderActions'),
  );
  const staffEdit = createActor(
    staffEditMachine.provide(
      createStaffEditImplementations({
        transport,
        onChanged: () => afterStaffChange(),
        // 已保存 is transient: a toast, not a banner that follows the person to other screens.
        onSaved: (seq) =>
          toastQueue.send({
            type: 'SHOW',
            toast: {
              id: savedToastId(seq),
              message: env.translate('staff.saved'),
              intent: 'success',
              timeoutMs: STAFF_SAVED_TOAST_MS,
            },
          }),
      }),
    ),
    eventLog.attachToActor('staffEdit'),
  );
  const questionPackages = createActor(
    questionPackagesMachine.provide(
      createQuestionPackagesImplementations({ transport, onChanged: () => afterStaffChange() }),
    ),
    eventLog.attachToActor('questionPackages'),
  );

  const orderActions = createActor(
    orderActionsMachine.provide(
      createOrderActionsImplementations({
        transport,
        area: 'learner',
        onChanged: () => afterPurchase(),
      }),
    ),
    eventLog.attachToActor('orderActions'),
  );

  const examEnroll = createActor(
    examEnrollMachine.provide(
      createExamEnrollImplementations({ transport, onChanged: () => afterPurchase() }),
    ),
    eventLog.attachToActor('examEnroll'),
  );

  const gradeEnroll = createActor(
    gradeEnrollMachine.provide(
      createGradeEnrollImplementations({ transport, onChanged: () => afterPurchase() }),
    ),
    eventLog.attachToActor('gradeEnroll'),
  );

  const activityEnroll = createActor(
    activityEnrollMachine.provide(
      createActivityEnrollImplementations({ transport, onChanged: () => afterPurchase() }),
    ),
    eventLog.attachToActor('activityEnroll'),
  );

  const prizeClaim = createActor(
    prizeClaimMachine.provide(
      createPrizeClaimImplementations({ transport, onChanged: () => afterPurchase() }),
    ),
    eventLog.attachToActor('prizeClaim'),
  );

  // The parent's side (issue 25 item 11): bindings, and paying a child's order with the
  // learner's checkout machine on the parent's calls.
  let afterFamilyChange: () => void = () => undefined;
  const parentBinding = createActor(
    parentBindingMachine.provide(
      createParentBindingImplementations({ transport, onChanged: () => afterFamilyChange() }),
    ),
    eventLog.attachToActor('parentBinding'),
  );
  const childCheckout = createActor(
    checkoutMachine.provide(
      createChildCheckoutImplementations({
        transport,
        openWindow: (url) => void env.window.open(url, '_blank', 'noopener'),
        onPaid: () => {
          afterPurchase();
          afterFamilyChange();
        },
        onPlaced: () => afterFamilyChange(),
      }),
    ),
    eventLog.attachToActor('childCheckout'),
  );
  const invitationAnswer = createActor(
    invitationAnswerMachine.provide(
      createInvitationAnswerImplementations({ transport, onChanged: () => afterPurchase() }),
    ),
    eventLog.attachToActor('invitationAnswer'),
  );

  const actors = {
    startup,
    loginDialog,
    register,
    toastQueue,
    rollingNotice,
    editorConfig,
    membership,
    device,
    session,
    checkout,
    orderActions,
    staffOrderActions,
    staffEdit,
    questionPackages,
    examEnroll,
    gradeEnroll,
    activityEnroll,
    prizeClaim,
    parentBinding,
    childCheckout,
    invitationAnswer,
  };

  const featureActors: FeatureActors = createFeatureActors(
    () => startup.getSnapshot().context.user?.id ?? null,
  );

  const queries: Queries = createQueries(transport);
  // A purchase may open units and questions, whose lists are keyed with the member's answers.
  afterPurchase = () =>
    queries.cache.invalidate((key) => isCommerceKey(key) || isMemberAnswersKey(key));
  afterFamilyChange = () => queries.cache.invalidate(isFamilyKey);
  afterStaffChange = () => {
    // The site's texts, banners and dictionaries are public reads a staff write may change.
    queries.cache.invalidate((key) => isStaffKey(key) || isSiteKey(key));
    dict.invalidate();
  };
  /** Dictionary lookups, cached per code; a failure is an empty list (docs/product-rules.md#errors). */
  const dict: DictCache = createDictCache(
    async (code) =>
      (await transport.call(dictApi['dict.queryByValue'], { query: { value: code } })).itemList,
  );

  let stopWiring: (() => void) | null = null;

  /** Starts every root actor and the glue between them; returns nothing, stop() undoes it. */
  function start(): void {
    if (stopWiring) return;
    const subscriptions: { unsubscribe(): void }[] = [];
    for (const actor of Object.values(actors)) actor.start();

    // A login (from either form) becomes the session's user; the dialog closes.
    subscriptions.push(
      loginDialog.on('loggedIn', ({ user, returnTo }) => {
        startup.send({ type: 'USER.LOGGED_IN', user });
        if (returnTo) env.navigate(returnTo);
      }),
      register.on('registered', ({ user }) => {
        startup.send({ type: 'USER.LOGGED_IN', user });
        loginDialog.send({ type: 'CLOSE' });
      }),
      // Closing the quota notification opens the card list in a new tab (docs/product-rules.md#errors).
      toastQueue.on('openVipCardList', () => {
        env.window.open(`${webBase}vipCardList`, '_blank', 'noopener');
      }),
      // Enrolling in a paid item pays in one go (issue 25 item 7): the order it placed opens
      // the pay dialog at once, for every kind alike; closing it leaves the order payable later.
      ...[examEnroll, gradeEnroll, activityEnroll].map((enroll) =>
        enroll.on('awaitingPayment', ({ order }) => checkout.send({ type: 'PAY', order })),
      ),
    );

    // Whose cards: reload the member's cards whenever the logged-in member changes.
    let memberId: number | null = null;
    subscriptions.push(
      startup.subscribe((snapshot) => {
        if (!snapshot.matches({ session: 'ready' })) return;
        const id = snapshot.context.user?.id ?? null;
        if (id === memberId) return;
        memberId = id;
        if (id === null) {
          membership.send({ type: 'CLEAR' });
          session.send({ type: 'SESSION.RESET' });
        } else {
          membership.send({ type: 'LOAD', now: env.now() });
        }
      }),
    );

    const onResize = () => device.send({ type: 'RESIZE', width: env.window.innerWidth });
    env.window.addEventListener('resize', onResize);

    stopWiring = () => {
      env.window.removeEventListener('resize', onResize);
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
