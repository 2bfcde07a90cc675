import { describe, expect, it } from 'vitest';
import { IsolationUnavailableError, missingIsolation } from './isolation.ts';

describe('missingIsolation', () => {
  it('names exactly what is missing', () => {
    const missing = missingIsolation({
      bwrap: '/nonexistent/bwrap',
      cgroupRoot: '/nonexistent/cgroup',
      isRoot: false,
      gcc: '/nonexistent/gcc',
    });
    expect(missing).toEqual([
      'bubblewrap（/nonexistent/bwrap）',
      'cgroup v1 memory 控制器（/nonexistent/cgroup/memory）',
      'cgroup v1 pids 控制器（/nonexistent/cgroup/pids）',
      'cgroup v1 cpuacct 控制器（/nonexistent/cgroup/cpuacct）',
      'cgroup v1 freezer 控制器（/nonexistent/cgroup/freezer）',
      'root 权限（创建 cgroup 与切换到 uid 65534 需要）',
      'gcc（/nonexistent/gcc，用于构建沙箱启动器）',
    ]);
    const err = new IsolationUnavailableError(missing);
    expect(err.message).toContain('bubblewrap');
    expect(err.message).toContain('XINAO_JUDGE_UNSAFE=1');
  });
});
