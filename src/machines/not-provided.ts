/**
 * Default implementation of an effect a machine declares but the UI must supply with
 * `machine.provide({ actors })`. It rejects with a message naming the missing actor, so a
 * forgotten wiring shows up as a clear error event instead of a silent hang.
 */
export function notProvided(name: string): () => Promise<never> {
  return () => Promise.reject(new Error(`actor "${name}" was not provided`));
}
