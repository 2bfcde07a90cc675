import { describe, expect, it } from 'vitest';
import { defaultPanels, editorConfigMachine } from '../../../machines/editor-config.ts';
import { initialTransition, transition } from 'xstate';
import { horizontalDefaults, resizeEventsOf, verticalDefaults } from './panel-layout.ts';

describe('practice panel layout', () => {
  it('starts from the spec sizes: question 40 of the width, code 75 : result 20 of the column', () => {
    const panels = defaultPanels();
    expect(horizontalDefaults(panels)).toEqual({ question: 40, column: 60 });
    expect(verticalDefaults(panels)).toEqual({ code: 78.95, result: 21.05 });
  });

  it('records a drag as sizes that give the same layout back', () => {
    let [state] = initialTransition(editorConfigMachine, {});
    for (const event of resizeEventsOf({ codePanel: 60.123, resultPanel: 39.877 })) {
      [state] = transition(editorConfigMachine, state, event);
    }
    for (const event of resizeEventsOf({ questionPanel: 30, practiceColumn: 70 })) {
      [state] = transition(editorConfigMachine, state, event);
    }
    expect(verticalDefaults(state.context.panels)).toEqual({ code: 60.12, result: 39.88 });
    expect(horizontalDefaults(state.context.panels)).toEqual({ question: 30, column: 70 });
  });
});
