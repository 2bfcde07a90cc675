#!/usr/bin/python3
"""测试数据生成器：固定随机种子，重复运行得到相同的数据（共用部分见 seed/genlib.py）。

用法：/usr/bin/python3 gen.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from genlib import write_tests  # noqa: E402  (the shared part lives in seed/)



def make(n, q, high, full_ranges=False):
    a = [random.randint(0, high) for _ in range(n)]
    lines = [f'{n} {q}', ' '.join(map(str, a))]
    for _ in range(q):
        if full_ranges:
            l, r = random.randint(1, 10), random.randint(n - 10, n)
        else:
            l = random.randint(1, n)
            r = random.randint(l, n)
        lines.append(f'{l} {r}')
    return '\n'.join(lines) + '\n'


def cases():
    random.seed(115)
    yield '1 1\n0\n1 1\n'
    yield '1 2\n1000000000\n1 1\n1 1\n'
    yield make(10, 10, 9)
    yield make(1000, 1000, 10**9)
    yield make(40000, 40000, 10**9)
    yield make(40000, 5000, 10**9, full_ranges=True)
    yield make(20000, 20000, 1)
    yield '3 6\n5 6 7\n1 1\n2 2\n3 3\n1 2\n2 3\n1 3\n'


write_tests(__file__, cases())
