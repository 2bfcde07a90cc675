import { useEffect, useMemo, useState } from 'react';

/**
 * The server's time now, ticking every second: the local clock corrected by how far it was from
 * the server's `serverNow` when that answer arrived (`receivedAt`). Only the view reads it — a
 * countdown and when the room turns read-only; what the server takes is the server's to say.
 */
export function useServerClock(serverNow: string, receivedAt: number | null): number {
  const offset = useMemo(
    () => Date.parse(serverNow) - (receivedAt ?? Date.now()),
    [serverNow, receivedAt],
  );
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now + offset;
}
