#!/usr/bin/python3
"""测试数据生成器：固定随机种子，重复运行得到相同的数据（共用部分见 seed/genlib.py）。

用法：/usr/bin/python3 gen.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from genlib import write_tests  # noqa: E402  (the shared part lives in seed/)



def matrix(n, m, low=-1000, high=1000):
    rows = [' '.join(str(random.randint(low, high)) for _ in range(m)) for _ in range(n)]
    return f'{n} {m}\n' + '\n'.join(rows) + '\n'


def cases():
    random.seed(111)
    yield '1 1\n-7\n'
    yield matrix(1, 5)
    yield matrix(5, 1)
    yield '3 3\n1 2 3\n4 5 6\n7 8 9\n'
    yield matrix(4, 7, 0, 9)
    yield matrix(100, 100)
    yield matrix(100, 1)
    yield matrix(37, 100)
    yield matrix(100, 63)


write_tests(__file__, cases())
