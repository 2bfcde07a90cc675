#!/usr/bin/python3
"""测试数据生成器：固定随机种子，重复运行得到相同的数据（共用部分见 seed/genlib.py）。

用法：/usr/bin/python3 gen.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from genlib import write_tests  # noqa: E402  (the shared part lives in seed/)



def block(pairs):
    return f'{len(pairs)}\n' + ''.join(f'{a} {b}\n' for a, b in pairs)


def cases():
    random.seed(117)
    yield block([(1, 1)])
    yield block([(1, 10**9), (10**9, 1), (10**9, 10**9), (999999937, 999999929)])
    yield block([(6, 35), (35, 6), (2**29, 2**30), (48, 180)])
    yield block([(random.randint(1, 100), random.randint(1, 100)) for _ in range(100)])
    yield block([(random.randint(1, 10**9), random.randint(1, 10**9)) for _ in range(10**4)])
    common = [(lambda g: (g * random.randint(1, 10**9 // g), g * random.randint(1, 10**9 // g)))(
        random.randint(1, 10**5)) for _ in range(10**4)]
    yield block(common)
    # 相邻斐波那契数是辗转相除的最坏情况
    fib = [1, 1]
    while fib[-1] <= 10**9:
        fib.append(fib[-1] + fib[-2])
    yield block([(fib[-2], fib[-3]), (fib[-3], fib[-2]), (fib[10], fib[11])])


write_tests(__file__, cases())
