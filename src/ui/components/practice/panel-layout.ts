/**
 * Panel sizes of the practice screen (docs/product-rules.md#editor-configuration: code 75, question
 * 40, result 20) as the resizable groups take them, and back. The sizes are weights within their
 * group: the question panel shares the width with the code-and-result column (which gets the rest
 * of 100); code and result share the column's height in proportion to their sizes. Dragging a
 * separator writes the new percentages back to the editorConfig machine (RESIZE_PANEL), which keeps
 * them for the session only — sizes are not persisted (docs/product-rules.md#editor-configuration),
 * only theme and font size are.
 */
import type { EditorConfigEvent, PanelName, PanelState } from '../../../machines/editor-config.ts';

export type Panels = Record<PanelName, PanelState>;

/** Panel ids within the groups (the question panel's neighbour is the column). */
export const COLUMN_ID = 'practiceColumn';

const round = (n: number) => Math.round(n * 100) / 100;

/** Default percentages of the horizontal group: question | column. */
export function horizontalDefaults(panels: Panels): { question: number; column: number } {
  const question = panels.questionPanel.size;
  return { question, column: 100 - question };
}

/** Default percentages of the vertical group: code over result. */
export function verticalDefaults(panels: Panels): { code: number; result: number } {
  const total = panels.codePanel.size + panels.resultPanel.size;
  const code = round((100 * panels.codePanel.size) / total);
  return { code, result: round(100 - code) };
}

/** The resize events that record a group's layout after a drag (ids are the panel names). */
export function resizeEventsOf(layout: Record<string, number>): EditorConfigEvent[] {
  const events: EditorConfigEvent[] = [];
  for (const panel of ['questionPanel', 'codePanel', 'resultPanel'] as const) {
    const size = layout[panel];
    if (size !== undefined) events.push({ type: 'RESIZE_PANEL', panel, size: round(size) });
  }
  return events;
}
