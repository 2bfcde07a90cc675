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
    random.seed(114)
    yield '0 2\n'
    yield '0 16\n'
    yield '1 2\n'
    yield '1000000000000000000 2\n'
    yield '1000000000000000000 16\n'
    yield '1000000000000000000 3\n'
    yield '15 16\n'
    yield f'{random.randint(1, 10**18)} {random.randint(2, 16)}\n'
    yield f'{random.randint(1, 10**9)} 7\n'


write_tests(__file__, cases())
