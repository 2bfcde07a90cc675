/**
 * A domain's part of the client, declared once (docs/architecture.md, "Adding a client module"):
 * its root actors (the pure machine replay folds a log through, and the same machine provided
 * with its effects), the kinds of its feature actors, the tags its queries carry with the
 * changes that make them stale, what it does when another module signals, the glue between its
 * own actors, and its screens. The runtime, the router, the replay view and the cache
 * invalidation iterate the list in modules.ts; nothing else names every domain.
 */
import { createActor, type Actor, type AnyStateMachine, type InputFrom } from 'xstate';
import type { OrderDetail, OrderItem } from '../../contract/order/calls.ts';
import type { ToastQueueEvent } from '../../machines/toast-queue.ts';
import type { DictCache } from '../../streams/dict-cache.ts';
import type { EventLog } from '../../streams/event-log.ts';
import type { ReplayMachines } from '../../streams/replay.ts';
import type { Transport } from '../../transport/client.ts';
import type { RedirectRoute, ScreenRoute } from '../routes/screen-route.ts';
import type { SafeStorage } from './storage.ts';

export interface RuntimeEnv {
  fetch: typeof fetch;
  storage: SafeStorage;
  document: Document;
  window: Pick<Window, 'open' | 'innerWidth' | 'addEventListener' | 'removeEventListener'> & {
    location: Pick<Location, 'assign'>;
  };
  userAgent: string;
  now: () => number;
  /** Translates an i18n key at the moment a toast is raised (e.g. the 提示 title, 已保存). */
  translate: (key: 'toast.title' | 'staff.saved') => string;
  /** Client-side navigation (the router's navigate), for "return to" after a login. */
  navigate: (to: string) => void;
  apiBase?: string;
  webBase?: string;
}

/**
 * What one module tells the others, by name: the sender does not know who listens, and a
 * module that cares declares it (its `on`, or the signals listed with its query tags).
 */
export interface ClientSignals {
  /** Something was bought or an order moved: the member's orders, enrollments… are stale. */
  purchase: undefined;
  /** The learner's own checkout took the money (cards may have been granted). */
  paid: { order: OrderItem };
  /** A binding between a parent and a child moved, or a child's order was placed or paid. */
  familyChange: undefined;
  /** A staff write or decision: the back office's reads and the public texts are stale. */
  staffChange: undefined;
  /** An enrollment placed an order that waits for its money: the pay dialog opens. */
  pay: { order: OrderDetail };
  /** A notification to show (a failed call, 已保存). */
  toast: Extract<ToastQueueEvent, { type: 'SHOW' | 'SHOW_QUOTA_USED_UP' }>;
}
export type ClientSignal = keyof ClientSignals;
/** The signals that carry nothing: a change whose only consequence is stale reads. */
export type ChangeSignal = {
  [S in ClientSignal]: ClientSignals[S] extends undefined ? S : never;
}[ClientSignal];

/** A family of query keys a change makes stale together (src/streams/query-cache.ts). */
export type QueryTag = string;

/** What a module's implementations get from the runtime. */
export interface ClientDeps {
  env: RuntimeEnv;
  transport: Transport;
  /** The web base the app is served under (links opened in a new tab). */
  webBase: string;
  dict: DictCache;
  emit<S extends ClientSignal>(signal: S, payload: ClientSignals[S]): void;
  changed(signal: ChangeSignal): void;
  /** Opens a page beside the app (a provider's checkout). */
  openWindow(url: string): void;
  /** Sends this tab to another site that will bring it back (WeChat's or a school's sign-in). */
  leaveFor(url: string): void;
}

interface RootActorBase<M extends AnyStateMachine> {
  /** The pure machine: what replay folds a recorded log through. */
  machine: M;
  /** The same machine with its effects (`machine.provide(create…Implementations(…))`). */
  provide?: (deps: ClientDeps) => M;
}
/**
 * A root actor. Its input is read once when the runtime is created (stored settings, the
 * window's width), and required when the machine requires one, as createActor would have it.
 */
export type RootActorDef<M extends AnyStateMachine> = RootActorBase<M> &
  (undefined extends InputFrom<M>
    ? { input?: (deps: ClientDeps) => InputFrom<M> }
    : { input: (deps: ClientDeps) => InputFrom<M> | undefined });

/**
 * Loads the pure machine of a feature actor's kind. Feature machines load with their screens, not
 * with the first screen (docs/decisions/client-and-screens.md, "First-screen JavaScript without
 * zod"), so a module names them through import() and only replay waits for them.
 */
export type FeatureMachineLoader = () => Promise<AnyStateMachine>;

type Machines = Record<string, AnyStateMachine>;
export type RootActorsOf<A extends Machines> = { [K in keyof A]: Actor<A[K]> };
interface Unsubscribable {
  unsubscribe(): void;
}

export interface ClientModuleDeclaration<A extends Machines> {
  name: string;
  /** Root actors by the name they are logged under: recorded logs replay by these names. */
  rootActors: { [K in keyof A]: RootActorDef<A[K]> };
  /**
   * Its feature actors' kinds (made on first use, logged as `<kind>:<instance>`: `practice:12`)
   * with their machines: replay finds a feature actor's machine by its kind, so never rename one.
   */
  featureKinds?: Record<string, FeatureMachineLoader>;
  /**
   * Its screens, each with its path, layout, guard and lazily loaded chunk. Give them as a
   * constant typed `readonly ScreenRoute[]`, not inline: a screen's module reads the runtime,
   * whose type is inferred from this declaration, and only a declared type stops the compiler
   * from going round that circle (it gives up with `unknown` in every screen otherwise).
   */
  screens?: readonly ScreenRoute[];
  /** Addresses that lead to one of its screens. */
  redirects?: readonly RedirectRoute[];
  /** The tags this module's queries carry, each with the changes that make it stale. */
  queryTags?: Record<QueryTag, readonly ChangeSignal[]>;
  /** What the module does with its own actors when a signal arrives. */
  on?: {
    [S in ClientSignal]?: (
      own: RootActorsOf<A>,
      payload: ClientSignals[S],
      deps: ClientDeps,
    ) => void;
  };
  /** Glue between its own actors (and signals out), set up once they have started. */
  wire?: (own: RootActorsOf<A>, deps: ClientDeps) => Unsubscribable[];
}

/** A module's actors, created for one runtime. */
export interface ModuleInstance<A extends Machines> {
  actors: RootActorsOf<A>;
  react<S extends ClientSignal>(signal: S, payload: ClientSignals[S]): void;
  wire(): Unsubscribable[];
}

export interface ClientModule<A extends Machines = Machines> {
  name: string;
  machines: ReplayMachines;
  featureKinds: Record<string, FeatureMachineLoader>;
  screens: readonly ScreenRoute[];
  redirects: readonly RedirectRoute[];
  queryTags: Record<QueryTag, readonly ChangeSignal[]>;
  create(deps: ClientDeps, eventLog: EventLog): ModuleInstance<A>;
}

export function defineClientModule<A extends Machines>(
  declaration: ClientModuleDeclaration<A>,
): ClientModule<A> {
  const defs: [string, RootActorDef<AnyStateMachine>][] = Object.entries(declaration.rootActors);
  return {
    name: declaration.name,
    machines: Object.fromEntries(defs.map(([name, { machine }]) => [name, { machine }])),
    featureKinds: declaration.featureKinds ?? {},
    screens: declaration.screens ?? [],
    redirects: declaration.redirects ?? [],
    queryTags: declaration.queryTags ?? {},
    create(deps, eventLog) {
      const created: Record<string, Actor<AnyStateMachine>> = {};
      for (const [name, def] of defs) {
        const machine = def.provide?.(deps) ?? def.machine;
        const input: unknown = def.input?.(deps);
        created[name] = createActor(
          machine,
          eventLog.attachToActor(name, input === undefined ? {} : { input }),
        );
      }
      // One actor per declared name, each from that name's machine: the record is the
      // declaration's shape, which a loop over its entries cannot show the compiler.
      const actors = created as RootActorsOf<A>;
      return {
        actors,
        react(signal, payload) {
          declaration.on?.[signal]?.(actors, payload, deps);
        },
        wire: () => declaration.wire?.(actors, deps) ?? [],
      };
    },
  };
}

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;
/** Every root actor of a list of modules, by log name. */
export type RootActorsOfModules<Ms extends readonly unknown[]> = Intersection<
  Ms[number] extends infer M ? (M extends ClientModule<infer A> ? RootActorsOf<A> : never) : never
>;

/**
 * Creates every module's root actors (not started). The record of all actors is typed from the
 * list, so `runtime.actors.checkout` is the checkout's actor; a name two modules declare stops
 * the runtime here rather than one actor silently hiding the other.
 */
export function createRootActors<const Ms extends readonly ClientModule[]>(
  modules: Ms,
  deps: ClientDeps,
  eventLog: EventLog,
): { actors: RootActorsOfModules<Ms>; instances: ModuleInstance<Machines>[] } {
  const instances = modules.map((module) => module.create(deps, eventLog));
  const all: Record<string, Actor<AnyStateMachine>> = {};
  for (const instance of instances) {
    for (const [name, actor] of Object.entries(instance.actors)) {
      if (name in all) throw new Error(`Two root actors are logged as ${name}`);
      all[name] = actor;
    }
  }
  // Each module's record is its declaration's shape (defineClientModule), and the names do not
  // overlap (checked above): together they are the intersection the list's type says.
  return { actors: all as RootActorsOfModules<Ms>, instances };
}

/** The pure machines of every module's root actors, by log name: what replay folds through. */
export function rootMachinesOf(modules: readonly { machines: ReplayMachines }[]): ReplayMachines {
  const machines: ReplayMachines = {};
  for (const module of modules) {
    for (const [name, machine] of Object.entries(module.machines)) {
      if (name in machines) throw new Error(`Two root actors are logged as ${name}`);
      machines[name] = machine;
    }
  }
  return machines;
}

/**
 * Every module's screens and redirects, in list order. An address two declarations claim stops
 * the router here, where the router itself would silently pick one.
 */
export function routesOf(
  modules: readonly Pick<ClientModule, 'name' | 'screens' | 'redirects'>[],
): { screens: ScreenRoute[]; redirects: RedirectRoute[] } {
  const owner = new Map<string, string>();
  const claim = (path: string, module: string) => {
    const other = owner.get(path);
    if (other) throw new Error(`The address ${path} is declared by ${other} and ${module}`);
    owner.set(path, module);
  };
  const screens: ScreenRoute[] = [];
  const redirects: RedirectRoute[] = [];
  for (const module of modules) {
    for (const screen of module.screens) claim(screen.path, module.name);
    for (const redirect of module.redirects) claim(redirect.path, module.name);
    screens.push(...module.screens);
    redirects.push(...module.redirects);
  }
  return { screens, redirects };
}

/** Which tags each change makes stale, from every module's declaration; a tag is one module's. */
export function staleTagsByChange(
  modules: readonly Pick<ClientModule, 'name' | 'queryTags'>[],
): Map<ChangeSignal, QueryTag[]> {
  const owner = new Map<QueryTag, string>();
  const byChange = new Map<ChangeSignal, QueryTag[]>();
  for (const module of modules) {
    for (const [tag, changes] of Object.entries(module.queryTags)) {
      const other = owner.get(tag);
      if (other) throw new Error(`Query tag ${tag} is declared by ${other} and ${module.name}`);
      owner.set(tag, module.name);
      for (const change of changes) byChange.set(change, [...(byChange.get(change) ?? []), tag]);
    }
  }
  return byChange;
}
