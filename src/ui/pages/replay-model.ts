import type { StateValue } from 'xstate';
import type { ReplayStep } from '../../streams/replay.ts';

export interface ActorAtStep {
  actor: string;
  value: StateValue;
  context: unknown;
  /** The actor changed on this very step. */
  current: boolean;
  error?: string;
}

/**
 * Every actor's latest state as of step `index` (0-based), in the order the actors first
 * appear in the log. Steps before an actor's first event do not list it.
 */
export function actorsAtStep(steps: readonly ReplayStep[], index: number): ActorAtStep[] {
  const latest = new Map<string, ActorAtStep>();
  const last = Math.min(index, steps.length - 1);
  for (let i = 0; i <= last; i += 1) {
    const step = steps[i]!;
    const entry: ActorAtStep = {
      actor: step.actor,
      value: step.value,
      context: step.context,
      current: i === last,
    };
    if (step.error !== undefined) entry.error = step.error;
    latest.set(step.actor, entry);
  }
  return [...latest.values()];
}

/** A state value as a dotted path ('session.ready'); parallel regions joined by ' | '. */
export function formatStateValue(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => {
      if (child === undefined) return key;
      const inner = formatStateValue(child);
      return inner.includes(' | ') ? `${key}.(${inner})` : `${key}.${inner}`;
    })
    .join(' | ');
}
