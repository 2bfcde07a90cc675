import type { domains } from '../contract/index.ts';
import type { HandlerEntry, WiredIdsOf } from './http/handler.ts';
import { serverModules } from './modules.ts';

type Entry = (typeof serverModules)[number]['handlers'][number];
/** Every module's handlers, each entry keeping its call's id in its type. */
const handlerList: readonly Entry[] = serverModules.flatMap<Entry>((domain) => domain.handlers);

/** Every call of the contract, by id. */
type ContractIds = {
  [D in keyof typeof domains]: keyof (typeof domains)[D] & string;
}[keyof typeof domains];
type Wired = WiredIdsOf<Entry>;

/** Contract calls that no entry wires: write their handlers (docs/architecture.md "Adding a call"). */
interface CallsWithoutHandler<Ids extends string> {
  readonly callsWithoutHandler: Ids;
}
/**
 * Entries whose id is not a contract call's. `string` here means an entry lost its call's id
 * type (a call typed `CallDef`, an entry typed `HandlerEntry`), which would make the
 * missing-handler check vacuous: type the call from the contract instead.
 */
interface HandlersOfNoContractCall<Ids extends string> {
  readonly handlersOfNoContractCall: Ids;
}
type EveryCallHandled = [Exclude<Wired, ContractIds>] extends [never]
  ? [Exclude<ContractIds, Wired>] extends [never]
    ? readonly HandlerEntry[]
    : CallsWithoutHandler<Exclude<ContractIds, Wired>>
  : HandlersOfNoContractCall<Exclude<Wired, ContractIds>>;

/**
 * Every implemented call. A contract call missing here is a compile error (EveryCallHandled);
 * buildApp's own check (http/register-calls.ts) remains for apps built from a subset.
 */
export const allHandlers: readonly HandlerEntry[] = handlerList satisfies EveryCallHandled;
