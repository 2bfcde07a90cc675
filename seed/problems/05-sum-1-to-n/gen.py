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
    random.seed(105)
    yield '1\n'
    yield '2\n'
    yield '46341\n'
    yield '65536\n'
    yield '999999999\n'
    yield '1000000000\n'
    for _ in range(3):
        yield f'{random.randint(10**6, 10**9)}\n'


write_tests(__file__, cases())
