/**
 * The topic pages (/topic/quwei, /topic/grammar, /topic/train; issue 9 item 2) are site settings
 * (common/config, kind json, public): staff choose each page's title, its introduction and the
 * course tag (and article tag) whose courses and articles it gathers — nothing is hard-coded in
 * the page. Zod-free, so the pages read them without the schemas.
 */

export const TOPIC_KEYS = {
  quwei: 'topic.quwei',
  grammar: 'topic.grammar',
  train: 'topic.train',
} as const;
export type TopicName = keyof typeof TOPIC_KEYS;

export interface Topic {
  title: string;
  /** Markdown shown above the courses. */
  intro: string;
  /** The courseTag value whose courses the page lists. */
  courseTag: string;
  /** The tag of the content-centre articles the page lists, if any. */
  articleTag: string | null;
}

/** A topic setting's JSON as a Topic, or the Chinese reason it cannot be one. */
export function readTopic(json: string): { topic: Topic } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { problem: '专题设置不是合法的 JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { problem: '专题设置须为一个对象' };
  }
  const { title, intro, courseTag, articleTag } = value as Record<string, unknown>;
  if (typeof title !== 'string' || title.trim() === '') return { problem: '专题设置缺少 title' };
  if (typeof courseTag !== 'string' || courseTag.trim() === '') {
    return { problem: '专题设置缺少 courseTag（要列出的课程标签）' };
  }
  if (intro !== undefined && typeof intro !== 'string') return { problem: 'intro 须为文本' };
  if (articleTag !== undefined && articleTag !== null && typeof articleTag !== 'string') {
    return { problem: 'articleTag 须为文本' };
  }
  return {
    topic: {
      title: title.trim(),
      intro: intro ?? '',
      courseTag: courseTag.trim(),
      articleTag: typeof articleTag === 'string' && articleTag.trim() ? articleTag.trim() : null,
    },
  };
}
