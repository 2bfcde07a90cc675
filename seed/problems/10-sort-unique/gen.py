#!/usr/bin/python3
"""测试数据生成器：固定随机种子，重复运行得到相同的数据（共用部分见 seed/genlib.py）。

用法：/usr/bin/python3 gen.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from genlib import write_tests  # noqa: E402  (the shared part lives in seed/)



def block(nums):
    return f'{len(nums)}\n' + ' '.join(map(str, nums)) + '\n'


def cases():
    random.seed(110)
    yield block([1])
    yield block([7, 7, 7, 7])
    yield block([5, 4, 3, 2, 1])
    yield block([random.randint(1, 10) for _ in range(50)])
    yield block([random.randint(1, 10**5) for _ in range(1000)])
    yield block([random.randint(1, 10**5) for _ in range(10**5)])
    yield block([random.randint(1, 100) for _ in range(30000)])
    yield block(list(range(30000, 0, -1)))
    yield block([10**5] * 20000 + [1] * 20000)


write_tests(__file__, cases())
