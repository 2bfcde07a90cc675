/**
 * Device class — docs/product-rules.md#device-class: 'mobile' when the user agent is mobile (and
 * not an iPad) and the width is under 700, otherwise not mobile; the layout breakpoint is 760.
 *
 * The function is the rule; the small machine holds it for the app shell so viewport changes
 * (RESIZE events) appear in the event log like every other input.
 */
import { assign, setup } from 'xstate';
import { BREAKPOINT, MOBILE_WIDTH } from './constants.ts';

export type DeviceClass = 'mobile' | 'desktop';

export interface DeviceInfo {
  userAgent: string;
  width: number;
}

const MOBILE_UA = /Mobi|Android|iPhone|iPod|webOS|BlackBerry|IEMobile|Opera Mini|HarmonyOS/i;
const IPAD_UA = /iPad/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_UA.test(userAgent) && !IPAD_UA.test(userAgent);
}

export function deviceClass({ userAgent, width }: DeviceInfo): DeviceClass {
  return isMobileUserAgent(userAgent) && width < MOBILE_WIDTH ? 'mobile' : 'desktop';
}

/** The layouts' media query `(max-width: 760px)`. */
export const isNarrow = (width: number): boolean => width <= BREAKPOINT;

export interface DeviceContext extends DeviceInfo {
  deviceClass: DeviceClass;
  narrow: boolean;
}

export type DeviceEvent = { type: 'RESIZE'; width: number };

const derive = (info: DeviceInfo): DeviceContext => ({
  ...info,
  deviceClass: deviceClass(info),
  narrow: isNarrow(info.width),
});

export const deviceMachine = setup({
  types: {
    context: {} as DeviceContext,
    events: {} as DeviceEvent,
    input: {} as DeviceInfo,
  },
}).createMachine({
  id: 'device',
  context: ({ input }) => derive(input),
  initial: 'watching',
  states: {
    watching: {
      on: {
        RESIZE: {
          guard: ({ context, event }) =>
            Number.isFinite(event.width) && event.width !== context.width,
          actions: assign(({ context, event }) =>
            derive({ userAgent: context.userAgent, width: event.width }),
          ),
        },
      },
    },
  },
});
