/**
 * Editor configuration — docs/product-rules.md#editor-configuration: code, question and result
 * panels, each can be opened or made full-size; theme and font size choices; only theme and font
 * size are saved, the panels' open/full flags are not; font sizes 12–24, default 16; panel sizes
 * 75/40/20.
 *
 * Input is what local storage held (possibly missing or stale, so it is sanitised). Only theme
 * and fontSize are saved, through the provided action `persist`.
 */
import { assign, setup } from 'xstate';
import {
  EDITOR_THEMES,
  EDITOR_THEME_DEFAULT,
  FONT_SIZE_DEFAULT,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  PANEL_SIZE_DEFAULTS,
  PANEL_SIZE_MAX,
  PANEL_SIZE_MIN,
} from './constants.ts';

export type EditorTheme = (typeof EDITOR_THEMES)[number];
export type PanelName = keyof typeof PANEL_SIZE_DEFAULTS;
export const PANEL_NAMES = Object.keys(PANEL_SIZE_DEFAULTS) as PanelName[];

export interface PanelState {
  size: number;
  open: boolean;
  full: boolean;
}

export interface SavedEditorConfig {
  theme: EditorTheme;
  fontSize: number;
}

export interface EditorConfigContext extends SavedEditorConfig {
  panels: Record<PanelName, PanelState>;
}

/** What local storage held; anything unreadable falls back to the defaults. */
export interface EditorConfigInput {
  theme?: unknown;
  fontSize?: unknown;
}

export type EditorConfigEvent =
  | { type: 'SET_THEME'; theme: EditorTheme }
  | { type: 'SET_FONT_SIZE'; fontSize: number }
  | { type: 'TOGGLE_PANEL'; panel: PanelName }
  | { type: 'TOGGLE_FULL'; panel: PanelName }
  | { type: 'RESIZE_PANEL'; panel: PanelName; size: number };

export const isEditorTheme = (value: unknown): value is EditorTheme =>
  (EDITOR_THEMES as readonly unknown[]).includes(value);

export const isFontSize = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= FONT_SIZE_MIN &&
  value <= FONT_SIZE_MAX;

const isPanelName = (value: unknown): value is PanelName =>
  typeof value === 'string' && value in PANEL_SIZE_DEFAULTS;

export function defaultPanels(): Record<PanelName, PanelState> {
  return {
    codePanel: { size: PANEL_SIZE_DEFAULTS.codePanel, open: true, full: false },
    questionPanel: { size: PANEL_SIZE_DEFAULTS.questionPanel, open: true, full: false },
    resultPanel: { size: PANEL_SIZE_DEFAULTS.resultPanel, open: true, full: false },
  };
}

export function initialEditorConfig(input: EditorConfigInput | undefined): EditorConfigContext {
  return {
    theme: isEditorTheme(input?.theme) ? input.theme : EDITOR_THEME_DEFAULT,
    fontSize: isFontSize(input?.fontSize) ? input.fontSize : FONT_SIZE_DEFAULT,
    panels: defaultPanels(),
  };
}

const clampPanelSize = (size: number): number =>
  Math.min(PANEL_SIZE_MAX, Math.max(PANEL_SIZE_MIN, size));

export const editorConfigMachine = setup({
  types: {
    context: {} as EditorConfigContext,
    events: {} as EditorConfigEvent,
    input: {} as EditorConfigInput | undefined,
  },
  actions: {
    /** Save {theme, fontSize} to local storage; panel flags are never saved. */
    persist: (_, _params: SavedEditorConfig) => {},
  },
}).createMachine({
  id: 'editorConfig',
  context: ({ input }) => initialEditorConfig(input),
  initial: 'ready',
  states: {
    ready: {
      on: {
        SET_THEME: {
          guard: ({ context, event }) =>
            isEditorTheme(event.theme) && event.theme !== context.theme,
          actions: [
            assign({ theme: ({ event }) => event.theme }),
            {
              type: 'persist',
              params: ({ context, event }) => ({ theme: event.theme, fontSize: context.fontSize }),
            },
          ],
        },
        // Out-of-range or fractional sizes are refused, not clamped: the picker offers only
        // 12–24, so anything else is a bug worth noticing in the log rather than hiding.
        SET_FONT_SIZE: {
          guard: ({ context, event }) =>
            isFontSize(event.fontSize) && event.fontSize !== context.fontSize,
          actions: [
            assign({ fontSize: ({ event }) => event.fontSize }),
            {
              type: 'persist',
              params: ({ context, event }) => ({ theme: context.theme, fontSize: event.fontSize }),
            },
          ],
        },
        TOGGLE_PANEL: {
          guard: ({ event }) => isPanelName(event.panel),
          actions: assign({
            panels: ({ context, event }) => {
              const panel = context.panels[event.panel];
              // A closed panel cannot stay full-size.
              const open = !panel.open;
              return {
                ...context.panels,
                [event.panel]: { ...panel, open, full: open && panel.full },
              };
            },
          }),
        },
        TOGGLE_FULL: {
          guard: ({ event }) => isPanelName(event.panel),
          actions: assign({
            panels: ({ context, event }) => {
              const full = !context.panels[event.panel].full;
              // One panel at a time fills the screen; making one full opens it.
              const panels = { ...context.panels };
              for (const name of PANEL_NAMES) {
                const panel = context.panels[name];
                panels[name] =
                  name === event.panel
                    ? { ...panel, full, open: panel.open || full }
                    : { ...panel, full: full ? false : panel.full };
              }
              return panels;
            },
          }),
        },
        RESIZE_PANEL: {
          guard: ({ event }) => isPanelName(event.panel) && Number.isFinite(event.size),
          actions: assign({
            panels: ({ context, event }) => ({
              ...context.panels,
              [event.panel]: { ...context.panels[event.panel], size: clampPanelSize(event.size) },
            }),
          }),
        },
      },
    },
  },
});
