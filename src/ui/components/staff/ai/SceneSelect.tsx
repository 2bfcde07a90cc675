import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AI_SCENES, type AiScene } from '../../../../contract/ai/scenes.ts';

/** The scene filter of the prompt list (null: every scene). */
export function SceneSelect({
  value,
  onChange,
}: {
  value: AiScene | null;
  onChange: (scene: AiScene | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <HTMLSelect
      aria-label={t('staffAi.scene')}
      value={value ?? ''}
      onChange={(e) => onChange((e.target.value || null) as AiScene | null)}
      options={[
        { value: '', label: t('staffAi.allScenes') },
        ...AI_SCENES.map((s) => ({ value: s, label: t(`staffAi.scenes.${s}`) })),
      ]}
    />
  );
}
