import { describe, expect, it } from 'vitest';
import { readTopic } from './topics.ts';

describe('topic settings', () => {
  it('reads a complete setting', () => {
    expect(
      readTopic(JSON.stringify({ title: ' 趣味 C++ ', intro: '# 你好', courseTag: '趣味编程' })),
    ).toEqual({
      topic: { title: '趣味 C++', intro: '# 你好', courseTag: '趣味编程', articleTag: null },
    });
  });

  it('names what is wrong with a broken one', () => {
    expect(readTopic('{')).toEqual({ problem: '专题设置不是合法的 JSON' });
    expect(readTopic('[]')).toEqual({ problem: '专题设置须为一个对象' });
    expect(readTopic('{"courseTag":"x"}')).toEqual({ problem: '专题设置缺少 title' });
    expect(readTopic('{"title":"x"}')).toMatchObject({
      problem: expect.stringContaining('courseTag'),
    });
    expect(readTopic('{"title":"x","courseTag":"y","intro":3}')).toEqual({
      problem: 'intro 须为文本',
    });
  });
});
