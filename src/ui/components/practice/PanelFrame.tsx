import { Button } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import type { PanelName } from '../../../machines/editor-config.ts';
import { useRuntime } from '../../app/context.ts';

/**
 * One practice panel with its hide and full-screen buttons, driven by the editorConfig machine.
 * It fills the resizable Panel around it (PracticeScreen).
 */
export function PanelFrame(props: {
  panel: PanelName;
  title: string;
  tools?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { editorConfig } = useRuntime().actors;
  const state = useSelector(editorConfig, (s) => s.context.panels[props.panel]);
  return (
    <section className="xa-practice-panel" aria-label={props.title} data-panel={props.panel}>
      <div className="xa-practice-panel-head">
        <h2>{props.title}</h2>
        {props.tools}
        <Button
          variant="minimal"
          size="small"
          icon={state.full ? 'minimize' : 'maximize'}
          aria-label={state.full ? t('practice.exitFull') : t('practice.fullPanel')}
          title={state.full ? t('practice.exitFull') : t('practice.fullPanel')}
          onClick={() => editorConfig.send({ type: 'TOGGLE_FULL', panel: props.panel })}
        />
        <Button
          variant="minimal"
          size="small"
          icon="cross"
          aria-label={t('practice.closePanel', { panel: props.title })}
          title={t('practice.closePanel', { panel: props.title })}
          onClick={() => editorConfig.send({ type: 'TOGGLE_PANEL', panel: props.panel })}
        />
      </div>
      <div className="xa-practice-panel-body">{props.children}</div>
    </section>
  );
}
