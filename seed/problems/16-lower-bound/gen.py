#!/usr/bin/python3
"""测试数据生成器：固定随机种子，重复运行得到相同的数据（共用部分见 seed/genlib.py）。

用法：/usr/bin/python3 gen.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from genlib import write_tests  # noqa: E402  (the shared part lives in seed/)



def make(n, q, high, queries=None):
    a = sorted(random.randint(0, high) for _ in range(n))
    if queries is None:
        queries = [random.choice(a) if random.random() < 0.5 else random.randint(0, 10**6)
                   for _ in range(q)]
    return f'{n} {len(queries)}\n' + ' '.join(map(str, a)) + '\n' + ''.join(f'{x}\n' for x in queries)


def cases():
    random.seed(116)
    yield '1 3\n5\n4\n5\n6\n'
    yield '5 3\n2 2 2 2 2\n1\n2\n3\n'
    yield make(10, 10, 20)
    yield make(1000, 1000, 10**6)
    yield make(50000, 50000, 10**6)
    yield make(20000, 20000, 100)  # 大量重复元素
    yield make(50000, 50000, 10**6, [0, 10**6] * 5000)
    yield '4 4\n0 0 1000000 1000000\n0\n1\n999999\n1000000\n'


write_tests(__file__, cases())
