/**
 * CPU seconds a process and everything it started have used, from /proc: the server, its API
 * processes and its embedded PostgreSQL's backends. On this 2-core machine the bench's clients,
 * the server and the database share the cores, so where a request's cost lands is a figure of
 * its own.
 */
import { readFileSync, readdirSync } from 'node:fs';

/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

interface ProcessTimes {
  parent: number;
  /** Its own user + system ticks, and those of its children it has reaped. */
  ticks: number;
}

function readProcess(pid: number): ProcessTimes | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (name) ": state is field 3, so field n is at index n - 3.
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    const at = (field: number) => Number(fields[field - 3]);
    return { parent: at(4), ticks: at(14) + at(15) + at(16) + at(17) };
  } catch {
    return null; // it ended while we read
  }
}

export function treeCpuSeconds(root: number): number {
  const all = new Map<number, ProcessTimes>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const times = readProcess(Number(name));
    if (times) all.set(Number(name), times);
  }
  let ticks = 0;
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at; at = all.get(at)?.parent) {
      if (at === root) return true;
    }
    return false;
  };
  for (const [pid, times] of all) if (inTree(pid)) ticks += times.ticks;
  return ticks / TICKS_PER_SECOND;
}
