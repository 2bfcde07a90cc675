#!/usr/bin/python3
"""测试数据生成器：固定随机种子，重复运行得到相同的数据（共用部分见 seed/genlib.py）。

用法：/usr/bin/python3 gen.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from genlib import write_tests  # noqa: E402  (the shared part lives in seed/)



def block(years):
    return f'{len(years)}\n' + ''.join(f'{y}\n' for y in years)


def cases():
    random.seed(104)
    yield block([1])
    yield block([4, 100, 400, 800, 1000, 1600, 1700])
    yield block(list(range(1896, 1906)) + list(range(1996, 2006)))
    yield block([10**9, 10**9 - 1, 999999600, 999999900, 999999996])
    yield block([random.randint(1, 3000) for _ in range(1000)])
    yield block([random.randint(1, 10**9) for _ in range(1000)])
    # 专门构造 100 的倍数，区分“百年不闰、四百年再闰”
    yield block([random.randint(1, 10**7) * 100 for _ in range(1000)])
    yield block([random.randint(1, 2 * 10**6) * 400 for _ in range(500)]
                + [random.randint(1, 10**7) * 4 for _ in range(500)])


write_tests(__file__, cases())
