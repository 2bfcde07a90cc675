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


def rand(n, low, high):
    return [random.randint(low, high) for _ in range(n)]


def cases():
    random.seed(122)
    # 子任务 1（测试点 1~4，测试点 1 是样例）：n <= 1000，|a_i| <= 1000
    yield block(rand(1000, -1000, 1000))
    yield block(rand(1000, -1000, -1))  # 全为负数
    yield block([-1000] * 500 + [1000] * 500)
    # 子任务 2（测试点 5~10）：n <= 5e4，|a_i| <= 1e9
    yield block(rand(50000, -10**9, 10**9))
    yield block(rand(20000, -10**9, -1))  # 全为负数
    yield block([10**9] * 50000)  # 答案 5e13，超出 int
    yield block(rand(20000, -10**9 + 1, 10**9))
    yield block([-1])
    yield block([random.choice([10**9, -10**9 + 1]) for _ in range(20000)])


write_tests(__file__, cases())
