import { useState, type KeyboardEvent } from 'react';
import type { StaffOrderAction } from '../../../machines/lifecycles/orders.ts';
import { ACTION_KEYS } from './StaffOrderActions.tsx';

/**
 * An approval queue worked with the keyboard (DESIGN.md §6): its rows are those of its lists in
 * order; ↑/↓ (or K/J) move the selection, and an action's letter (ACTION_KEYS: P, R, F, D) acts
 * on the selected row when the row allows that action. Keys typed into a text box, or while a
 * dialog asks for a reason (`paused`), are left alone.
 */
export function useKeyQueue<T extends { id: number }, A extends StaffOrderAction>({
  lists,
  paused,
  allowed,
  act,
}: {
  lists: readonly { data?: { content: readonly T[] } }[];
  paused: boolean;
  /** The actions the row allows now. */
  allowed: (row: T) => readonly A[];
  act: (row: T, action: A) => void;
}) {
  const [selected, setSelected] = useState(0);
  const queue = lists.flatMap((l) => l.data?.content ?? []);
  const current = queue[Math.min(selected, queue.length - 1)];

  const onKey = (e: KeyboardEvent) => {
    if (paused || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement) {
      return;
    }
    const key = e.key.toLowerCase();
    if (key === 'arrowdown' || key === 'j') setSelected((i) => Math.min(i + 1, queue.length - 1));
    else if (key === 'arrowup' || key === 'k') setSelected((i) => Math.max(i - 1, 0));
    else {
      const action = current && allowed(current).find((a) => ACTION_KEYS[a] === key);
      if (!current || !action) return;
      act(current, action);
    }
    e.preventDefault();
  };

  return {
    /** The selected row, undefined while the queue is empty. */
    current,
    onKey,
    select: (row: T) => setSelected(queue.findIndex((q) => q.id === row.id)),
  };
}
