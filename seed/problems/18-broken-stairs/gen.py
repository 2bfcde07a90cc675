#!/usr/bin/python3
"""测试数据生成器：固定随机种子，重复运行得到相同的数据（共用部分见 seed/genlib.py）。

用法：/usr/bin/python3 gen.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from genlib import write_tests  # noqa: E402  (the shared part lives in seed/)



def make(n, broken):
    return f'{n} {len(broken)}\n' + ' '.join(map(str, broken)) + '\n'


def cases():
    random.seed(118)
    yield make(1, [])
    yield make(1, [1])
    yield make(10, [5, 6])  # 连续两级坏台阶，之后都无法到达
    yield make(100, [])
    yield make(10**6, [])
    # 坏台阶两两不相邻（都是偶数级），否则答案很快变成 0
    yield make(10**6, [2 * x for x in random.sample(range(1, 500000), 10**5)])
    yield make(10**6, sorted(set(random.sample(range(1, 10**6), 1000)) | {10**6}))  # 终点坏了
    yield make(999983, sorted(random.sample(range(1, 999983, 2), 50000)))
    yield make(30, [3, 9, 27])


write_tests(__file__, cases())
