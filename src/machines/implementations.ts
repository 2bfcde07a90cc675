/**
 * How a feature's impure half is typed against its machine (docs/architecture.md, "src/machines": a
 * client feature is one folder): `create<Feature>Implementations(deps)` answers every actor the
 * machine declares — a missing one is a type error, not a `notProvided` throw at run time — plus
 * whatever actions it provides.
 */
import type { AnyStateMachine, MachineImplementationsFrom } from 'xstate';

type Provided<M extends AnyStateMachine> = MachineImplementationsFrom<M>;

export type FeatureImplementations<M extends AnyStateMachine> = Omit<Provided<M>, 'actors'> & {
  actors: Required<NonNullable<Provided<M>['actors']>>;
};

/** What a feature's event helpers need of its actor. */
export interface Sender<E> {
  send(event: E): void;
}
