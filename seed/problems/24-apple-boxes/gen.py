#!/usr/bin/python3
"""测试数据生成器：固定随机种子，重复运行得到相同的数据（共用部分见 seed/genlib.py）。

本题是文件输入输出题：genlib 按 problem.json 的 io 把输入写成 apple.in、从 apple.out 读答案。

用法：/usr/bin/python3 gen.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from genlib import write_tests  # noqa: E402  (the shared part lives in seed/)


def block(c, weights):
    return f'{len(weights)} {c}\n' + ' '.join(map(str, weights)) + '\n'


def cases():
    random.seed(2414)
    yield block(1, [1])
    yield block(10, [10, 1, 10])  # 每个苹果都要单独一箱
    yield block(100, [30, 30, 40, 1])  # 恰好装满 100 不换箱
    yield block(10**9, [10**9] * 5)
    yield block(10**9, [random.randint(1, 10**9) for _ in range(100000)])
    yield block(1000, [random.randint(1, 50) for _ in range(100000)])
    yield block(7, [random.randint(1, 7) for _ in range(1000)])
    yield block(10**9, [random.randint(1, 1000) for _ in range(50000)])


write_tests(__file__, cases())
