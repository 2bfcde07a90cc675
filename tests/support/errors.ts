/** Reading the ApiError a call fails with. */
import { expect } from 'vitest';
import { ApiError } from '../../src/transport/errors.ts';

/** The ApiError a call failed with, or null when it succeeded. */
export const errorOf = (p: Promise<unknown>): Promise<ApiError | null> =>
  p.then(() => null).catch((e: unknown) => e as ApiError);

/** The ApiError a call must fail with; the test fails when it succeeds or throws anything else. */
export async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
