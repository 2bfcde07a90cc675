import { describe, expect, it, vi } from 'vitest';
import { createActor, initialTransition, transition, type SnapshotFrom } from 'xstate';
import { editorConfigMachine, type EditorConfigEvent } from './editor-config.ts';

type Snapshot = SnapshotFrom<typeof editorConfigMachine>;

function run(
  events: EditorConfigEvent[],
  input: Parameters<typeof initialTransition<typeof editorConfigMachine>>[1] = {},
) {
  let [snapshot] = initialTransition(editorConfigMachine, input) as [Snapshot, unknown];
  const persisted: unknown[] = [];
  for (const event of events) {
    const [next, actions] = transition(editorConfigMachine, snapshot, event);
    snapshot = next;
    for (const action of actions) if (action.type === 'persist') persisted.push(action.params);
  }
  return { snapshot, persisted };
}

describe('editorConfigMachine', () => {
  it('starts from the defaults of docs/product-rules.md#editor-configuration', () => {
    expect(run([]).snapshot.context).toEqual({
      theme: 'vs-dark',
      fontSize: 16,
      panels: {
        codePanel: { size: 75, open: true, full: false },
        questionPanel: { size: 40, open: true, full: false },
        resultPanel: { size: 20, open: true, full: false },
      },
    });
  });

  it('takes the saved theme and font size, and ignores unusable saved values', () => {
    expect(run([], { theme: 'light', fontSize: 20 }).snapshot.context).toMatchObject({
      theme: 'light',
      fontSize: 20,
    });
    expect(run([], { theme: 'solarized', fontSize: 40 }).snapshot.context).toMatchObject({
      theme: 'vs-dark',
      fontSize: 16,
    });
    expect(run([], { fontSize: '18' }).snapshot.context.fontSize).toBe(16);
  });

  it('saves theme and font size (only those two) when they change', () => {
    const { snapshot, persisted } = run([
      { type: 'SET_THEME', theme: 'light' },
      { type: 'SET_FONT_SIZE', fontSize: 12 },
      { type: 'SET_FONT_SIZE', fontSize: 24 },
      { type: 'TOGGLE_PANEL', panel: 'resultPanel' },
      { type: 'TOGGLE_FULL', panel: 'codePanel' },
    ]);
    expect(snapshot.context).toMatchObject({ theme: 'light', fontSize: 24 });
    expect(persisted).toEqual([
      { theme: 'light', fontSize: 16 },
      { theme: 'light', fontSize: 12 },
      { theme: 'light', fontSize: 24 },
    ]);
  });

  it('refuses font sizes outside 12–24 or fractional, and unknown themes', () => {
    const { snapshot, persisted } = run([
      { type: 'SET_FONT_SIZE', fontSize: 11 },
      { type: 'SET_FONT_SIZE', fontSize: 25 },
      { type: 'SET_FONT_SIZE', fontSize: 14.5 },
      { type: 'SET_THEME', theme: 'hc-black' as never },
      { type: 'SET_THEME', theme: 'vs-dark' },
    ]);
    expect(snapshot.context).toMatchObject({ theme: 'vs-dark', fontSize: 16 });
    expect(persisted).toEqual([]);
  });

  it('opens, closes and maximises panels, one full panel at a time', () => {
    const closed = run([{ type: 'TOGGLE_PANEL', panel: 'questionPanel' }]).snapshot;
    expect(closed.context.panels.questionPanel.open).toBe(false);
    const full = run([
      { type: 'TOGGLE_FULL', panel: 'codePanel' },
      { type: 'TOGGLE_FULL', panel: 'resultPanel' },
    ]).snapshot.context.panels;
    expect(full.codePanel.full).toBe(false);
    expect(full.resultPanel.full).toBe(true);
    // A closed panel made full opens; closing a full panel drops full.
    const reopened = run([
      { type: 'TOGGLE_PANEL', panel: 'codePanel' },
      { type: 'TOGGLE_FULL', panel: 'codePanel' },
    ]).snapshot.context.panels.codePanel;
    expect(reopened).toMatchObject({ open: true, full: true });
    const closedFull = run([
      { type: 'TOGGLE_FULL', panel: 'codePanel' },
      { type: 'TOGGLE_PANEL', panel: 'codePanel' },
    ]).snapshot.context.panels.codePanel;
    expect(closedFull).toMatchObject({ open: false, full: false });
  });

  it('resizes within bounds and ignores nonsense', () => {
    const { snapshot } = run([
      { type: 'RESIZE_PANEL', panel: 'codePanel', size: 60 },
      { type: 'RESIZE_PANEL', panel: 'questionPanel', size: 120 },
      { type: 'RESIZE_PANEL', panel: 'resultPanel', size: Number.NaN },
    ]);
    expect(snapshot.context.panels.codePanel.size).toBe(60);
    expect(snapshot.context.panels.questionPanel.size).toBe(95);
    expect(snapshot.context.panels.resultPanel.size).toBe(20);
  });

  it('calls the provided persist action', () => {
    const persist = vi.fn();
    const actor = createActor(
      editorConfigMachine.provide({ actions: { persist: (_, params) => persist(params) } }),
      {
        input: { theme: 'light', fontSize: 18 },
      },
    ).start();
    actor.send({ type: 'SET_FONT_SIZE', fontSize: 20 });
    actor.send({ type: 'RESIZE_PANEL', panel: 'codePanel', size: 50 });
    expect(persist.mock.calls).toEqual([[{ theme: 'light', fontSize: 20 }]]);
    actor.stop();
  });
});
