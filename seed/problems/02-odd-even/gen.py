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
    random.seed(102)
    yield '1\n0\n'
    yield '2\n-1\n1\n'
    yield '4\n1000000000000000000\n-1000000000000000000\n999999999999999999\n-999999999999999999\n'
    for size, low, high in [(10, -100, 100), (50, -10**9, 10**9), (100, -10**18, 10**18),
                            (100, -10**18, 0), (100, 0, 10**18)]:
        nums = [random.randint(low, high) for _ in range(size)]
        yield f'{size}\n' + ''.join(f'{x}\n' for x in nums)


write_tests(__file__, cases())
