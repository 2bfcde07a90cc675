#!/usr/bin/python3
"""测试数据生成器：固定随机种子，重复运行得到相同的数据（共用部分见 seed/genlib.py）。

用法：/usr/bin/python3 gen.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from genlib import write_tests  # noqa: E402  (the shared part lives in seed/)



def cases():
    random.seed(103)
    yield '1 2 3\n'
    yield '3 2 1\n'
    yield '2 3 1\n'
    yield '5 5 5\n'
    yield '-1000000000 -1000000000 -1000000000\n'
    yield '1000000000 -1000000000 0\n'
    for _ in range(3):
        yield ' '.join(str(random.randint(-10**9, 10**9)) for _ in range(3)) + '\n'


write_tests(__file__, cases())
