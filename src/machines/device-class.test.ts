import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { BREAKPOINT, MOBILE_WIDTH } from './constants.ts';
import { deviceClass, deviceMachine, isMobileUserAgent, isNarrow } from './device-class.ts';

const iPhone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const iPad =
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const desktop =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('deviceClass (docs/product-rules.md#device-class)', () => {
  it('uses the width threshold and the breakpoint of the rule', () => {
    expect(MOBILE_WIDTH).toBe(700);
    expect(BREAKPOINT).toBe(760);
  });

  it('is mobile for a mobile user agent under 700 px', () => {
    expect(deviceClass({ userAgent: iPhone, width: 390 })).toBe('mobile');
    expect(deviceClass({ userAgent: android, width: 699 })).toBe('mobile');
  });

  it('is desktop at 700 px and wider, for an iPad, and for a desktop browser', () => {
    expect(deviceClass({ userAgent: android, width: 700 })).toBe('desktop');
    expect(deviceClass({ userAgent: iPad, width: 600 })).toBe('desktop');
    expect(deviceClass({ userAgent: desktop, width: 400 })).toBe('desktop');
    expect(isMobileUserAgent(iPad)).toBe(false);
  });

  it('matches the max-width 760 media query', () => {
    expect(isNarrow(760)).toBe(true);
    expect(isNarrow(761)).toBe(false);
  });
});

describe('deviceMachine', () => {
  it('re-derives the class on RESIZE', () => {
    const [start] = initialTransition(deviceMachine, { userAgent: android, width: 1024 });
    expect(start.context).toMatchObject({ deviceClass: 'desktop', narrow: false });
    const [small] = transition(deviceMachine, start, { type: 'RESIZE', width: 500 });
    expect(small.context).toMatchObject({ width: 500, deviceClass: 'mobile', narrow: true });
  });
});
