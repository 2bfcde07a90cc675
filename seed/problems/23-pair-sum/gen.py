#!/usr/bin/python3
"""测试数据生成器：固定随机种子，重复运行得到相同的数据（共用部分见 seed/genlib.py）。

用法：/usr/bin/python3 gen.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from genlib import write_tests  # noqa: E402  (the shared part lives in seed/)



def block(s, nums):
    return f'{len(nums)} {s}\n' + ' '.join(map(str, nums)) + '\n'


def no_pair(n, s):
    """构造无解数据：所有数都大于 S/2，任意两数之和都超过 S。"""
    return [random.randint(s // 2 + 1, 5 * 10**8) for _ in range(n)]


def cases():
    random.seed(123)
    yield block(2, [1, 1])
    yield block(10, [5, 6, 3])  # 5 + 5 = 10，但 5 只出现一次，无解
    yield block(10, [5, 6, 5])
    yield block(10**9, [5 * 10**8, 1, 5 * 10**8])
    yield block(6 * 10**8, no_pair(50000, 6 * 10**8))
    # 唯一解藏在两端
    nums = no_pair(50000, 6 * 10**8)
    nums[0], nums[-1] = 2 * 10**8, 4 * 10**8
    yield block(6 * 10**8, nums)
    # 很多组解，任意一组都对
    yield block(1000, [random.randint(1, 999) for _ in range(20000)])
    # 有数恰好等于 S/2 但只出现一次，另有一组真正的解
    nums = no_pair(50000, 8 * 10**8)
    nums[100] = 4 * 10**8
    nums[200], nums[300] = 3 * 10**8, 5 * 10**8
    yield block(8 * 10**8, nums)
    yield block(999999999, [random.randint(1, 5 * 10**8) for _ in range(1000)])


write_tests(__file__, cases())
