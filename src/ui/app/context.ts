import { createContext, useContext } from 'react';
import type { Runtime } from './runtime.ts';

/** The runtime (root actors, streams, transport) created outside React in main.tsx. */
export const RuntimeContext = createContext<Runtime | null>(null);

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime outside <RuntimeContext.Provider>');
  return runtime;
}
