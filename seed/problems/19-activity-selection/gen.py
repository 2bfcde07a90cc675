#!/usr/bin/python3
"""测试数据生成器：固定随机种子，重复运行得到相同的数据（共用部分见 seed/genlib.py）。

用法：/usr/bin/python3 gen.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from genlib import write_tests  # noqa: E402  (the shared part lives in seed/)



def block(acts):
    return f'{len(acts)}\n' + ''.join(f'{s} {e}\n' for s, e in acts)


def random_acts(n, horizon, max_len):
    acts = []
    for _ in range(n):
        s = random.randint(0, horizon - 1)
        e = min(horizon, s + random.randint(1, max_len))
        acts.append((s, e))
    return acts


def cases():
    random.seed(119)
    yield block([(0, 1000000)])
    yield block([(0, 1), (1, 2), (2, 3)])  # 首尾相接都可以选
    yield block([(0, 10), (1, 2), (2, 3), (3, 4), (5, 6)])
    yield block([(5, 6)] * 5)
    yield block(random_acts(100, 200, 20))
    yield block(random_acts(50000, 10**6, 100))
    yield block(random_acts(20000, 10**6, 10**6))
    yield block([(i, i + 1) for i in range(20000)][::-1])
    yield block([(0, 10**6 - i) for i in range(25000)] + random_acts(25000, 10**6, 40))


write_tests(__file__, cases())
