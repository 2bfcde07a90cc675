/**
 * The code panel's editor (Monaco). Loaded lazily by practice screens only, so the first screen
 * never carries Monaco. Ctrl+Enter runs, Ctrl+Shift+Enter submits (shown as a hint beside it).
 */
import { Spinner } from '@blueprintjs/core';
import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorTheme } from '../../../machines/editor-config.ts';
import type { PracticeLanguage } from '../../../machines/practice/types.ts';
import { monaco } from './monaco-setup.ts';

export interface CodeEditorProps {
  value: string;
  language: PracticeLanguage;
  theme: EditorTheme;
  fontSize: number;
  ariaLabel: string;
  onChange: (source: string) => void;
  onRun: () => void;
  onSubmit: () => void;
  /** Shown, not edited (homework after its deadline); the run and submit keys do nothing. */
  readOnly?: boolean;
}

export default function CodeEditor(props: CodeEditorProps) {
  const { t } = useTranslation();
  // The key bindings are registered once; they call whatever the latest props say.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  const onMount: OnMount = (editor) => {
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => {
      if (!latest.current.readOnly) latest.current.onRun();
    });
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyMod.Shift | monaco.KeyCode.Enter, () => {
      if (!latest.current.readOnly) latest.current.onSubmit();
    });
  };

  return (
    <Editor
      height="100%"
      // The wrapper's own placeholder is English `Loading...` while Monaco starts.
      loading={<Spinner size={24} aria-label={t('practice.loadingEditor')} />}
      value={props.value}
      language={props.language}
      theme={props.theme === 'light' ? 'vs' : 'vs-dark'}
      options={{
        fontSize: props.fontSize,
        minimap: { enabled: false },
        automaticLayout: true,
        scrollBeyondLastLine: false,
        ariaLabel: props.ariaLabel,
        readOnly: props.readOnly ?? false,
      }}
      onMount={onMount}
      onChange={(value) => props.onChange(value ?? '')}
    />
  );
}
