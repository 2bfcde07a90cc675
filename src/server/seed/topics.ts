/**
 * The three topic pages' settings (common/config, json, public; contract/course/topics.ts),
 * written once like the site's texts: staff then edit them under /admin/settings.
 */
import { TOPIC_KEYS, type Topic, type TopicName } from '../../contract/course/topics.ts';
import type { PoolClient } from '../db/pool.ts';

export const SEED_TOPICS: Record<TopicName, Topic> = {
  quwei: {
    title: '趣味 C++',
    intro: [
      '编程不只是做题。这里的课程用小谜题带你练熟循环、数组和字符串：',
      '先猜答案，再写程序验证——程序跑出的结果常常出人意料。',
    ].join('\n'),
    courseTag: '趣味编程',
    articleTag: '入门',
  },
  grammar: {
    title: '信奥语法课',
    intro: [
      '竞赛里真正用得到的 C++ 语法：输入输出、分支、循环、数组、排序。',
      '每个单元配有练习题，做完一个单元再进入下一个。',
    ].join('\n'),
    courseTag: '语法入门',
    articleTag: '语法',
  },
  train: {
    title: 'C++ 寒假集训',
    intro: [
      '寒假集训的线上部分：每天一个主题，配合班级里的讲评。',
      '集训面向普及组（CSP-J），建议先学完信息学公开课的前四个单元。',
    ].join('\n'),
    courseTag: 'CSP-J',
    articleTag: 'CSP',
  },
};

export async function seedTopics(client: PoolClient): Promise<void> {
  for (const [name, topic] of Object.entries(SEED_TOPICS) as [TopicName, Topic][]) {
    await client.query(
      `INSERT INTO site_configs (key, value, kind, is_public, description)
       VALUES ($1, $2, 'json', true, $3) ON CONFLICT (key) DO NOTHING`,
      [
        TOPIC_KEYS[name],
        JSON.stringify(topic, null, 2),
        `专题页 /topic/${name}：title 标题，intro 介绍（Markdown），courseTag 列出的课程标签，articleTag 列出的文章标签`,
      ],
    );
  }
}
