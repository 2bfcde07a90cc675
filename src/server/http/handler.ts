import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallDef } from '../../contract/call.ts';
import type { Auth } from './sessions.ts';
import type { Services } from '../services.ts';
import type { FileAnswer, UploadedFile } from './multipart.ts';

export type QueryOf<C> = C extends CallDef<infer Q, z.ZodType, z.ZodType> ? z.output<Q> : never;
export type BodyOf<C> = C extends CallDef<z.ZodType, infer B, z.ZodType> ? z.output<B> : never;
/**
 * What a handler answers: the call's response, or a file (a download, an xlsx export, an
 * image), which goes out as it is instead of in the envelope.
 */
export type ResultOf<C> =
  (C extends CallDef<z.ZodType, z.ZodType, infer R> ? z.input<R> : never) | FileAnswer;

/** What a handler gets: validated input, the caller, the services and the session helpers. */
export interface HandlerContext<C extends CallDef = CallDef> {
  query: QueryOf<C>;
  body: BodyOf<C>;
  /** Null for anonymous callers (only possible on public calls). */
  auth: Auth | null;
  services: Services;
  request: FastifyRequest;
  /**
   * Only for `responseKind: 'event-stream'` calls, which hijack it and write the stream
   * themselves; every other call answers by returning its result.
   */
  reply: FastifyReply;
  /** Files of a multipart call (CallRoute.requestKind 'multipart'); empty otherwise. */
  files: UploadedFile[];
  /** The caller, for calls whose access already required a login. */
  requireAuth(): Auth;
  /** Starts a session as `memberId` (replacing the caller's) and sets the session cookie. */
  signIn(userId: number, memberId: number): Promise<void>;
  /** Revokes the caller's session, if any, and clears the cookie. */
  signOut(): Promise<void>;
}

/**
 * The context of any call whose parsed input has at least this shape: for a helper that several
 * calls share (its callers' schemas are checked against the shape where they are wired).
 */
export type ContextOf<In extends { query?: unknown; body?: unknown }> = HandlerContext & In;

export type CallHandler<C extends CallDef = CallDef> = (
  ctx: HandlerContext<C>,
) => Promise<ResultOf<C>>;

/**
 * A call paired with its implementation. `Id` is the call's id as the contract types it, so a
 * list of entries says which calls it wires and src/server/handlers.ts can check, at compile
 * time, that every contract call has one (docs/architecture.md "Adding a call").
 */
export interface HandlerEntry<Id extends string = string> {
  call: CallDef & { readonly id: Id };
  handle: (ctx: HandlerContext) => Promise<unknown>;
}

/**
 * A call's schemas without its id: what a helper serving several calls of one shape takes, with
 * the id as a type parameter of its own (`CallShape<X> & { readonly id: Id }`).
 */
export type CallShape<C> = C extends CallDef<infer Q, infer B, infer R> ? CallDef<Q, B, R> : never;

/** The ids a list of entries wires. */
export type WiredIdsOf<E> = E extends HandlerEntry<infer Id> ? Id : never;

/** The ids of the calls an object holds (a group's calls by action, say); absent slots add none. */
export type IdsIn<Calls> = {
  [K in keyof Calls]-?: IdOfSlot<NonNullable<Calls[K]>>;
}[keyof Calls];
/** A slot set to `undefined` (a call taken out of a wiring) holds no id, not every id. */
type IdOfSlot<C> = [C] extends [never]
  ? never
  : C extends { readonly id: infer Id extends string }
    ? Id
    : never;

/**
 * Pairs a contract call with its implementation, typed by the call's schemas. The entry's id is
 * the call's; a helper that serves calls of one shape in several areas passes the shape as `C`
 * and the id it was given as `Id` (`handle<Shape, Id>(call, fn)`).
 */
export function handle<C extends CallDef, Id extends string = C['id']>(
  call: C & { readonly id: Id },
  fn: CallHandler<C>,
): HandlerEntry<Id> {
  return { call, handle: fn as unknown as HandlerEntry['handle'] };
}
