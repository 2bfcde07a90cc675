import { Tag, type Intent } from '@blueprintjs/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionDifficulty } from '../../../contract/question/common.ts';
import { titleParts } from './question-title.ts';

/**
 * A question title as one line, with `code` spans shown as code rather than as backticks
 * (question-title.ts). Some objective questions carry a code block after the title's first line:
 * a list shows the first line and an ellipsis, the question itself shows all of it (its own
 * Markdown).
 */
export function InlineTitle({ text }: { text: string }) {
  return (
    <>
      {titleParts(text).map((part, i) =>
        part.kind === 'code' ? (
          <code key={i}>{part.text}</code>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

const difficultyIntent: Record<QuestionDifficulty, Intent> = {
  easy: 'success',
  medium: 'primary',
  hard: 'warning',
  extreme: 'danger',
};

/** 简单 · 中等 · 困难 · 极难 (docs/product-rules.md#answers-and-labels: easy … extremely hard). */
export function DifficultyTag({ difficulty }: { difficulty: QuestionDifficulty }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={difficultyIntent[difficulty]} data-difficulty={difficulty}>
      {t(`practice.difficulty.${difficulty}`)}
    </Tag>
  );
}
