/**
 * Component tests wait on what the page shows (findBy…, waitFor), never on time. Testing
 * Library gives up after one second by default, which a render under a busy 2-core machine
 * (the suite's browser and integration files beside it) overruns: the tests then failed on a
 * screen that was only slow. A wait ends as soon as its text appears, so a longer bound costs
 * nothing when the machine is quiet.
 */
import { vi } from 'vitest';

const WAIT_BOUND_MS = 15_000;

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: WAIT_BOUND_MS });
}

// vi.waitFor has the same one-second default, and no setting for it: the same bound, unless a
// test gives its own.
const waitFor = vi.waitFor;
vi.waitFor = ((callback, options) =>
  waitFor(
    callback,
    typeof options === 'number' ? options : { timeout: WAIT_BOUND_MS, ...options },
  )) as typeof vi.waitFor;
