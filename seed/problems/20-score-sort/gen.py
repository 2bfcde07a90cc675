#!/usr/bin/python3
"""测试数据生成器：固定随机种子，重复运行得到相同的数据（共用部分见 seed/genlib.py）。

用法：/usr/bin/python3 gen.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from genlib import write_tests  # noqa: E402  (the shared part lives in seed/)



LETTERS = 'abcdefghijklmnopqrstuvwxyz'


def name():
    return ''.join(random.choice(LETTERS) for _ in range(random.randint(1, 10)))


def block(rows):
    return f'{len(rows)}\n' + ''.join(f'{nm} {c} {m} {e}\n' for nm, c, m, e in rows)


def random_rows(n, low=0, high=100):
    return [(name(), random.randint(low, high), random.randint(low, high), random.randint(low, high))
            for _ in range(n)]


def cases():
    random.seed(120)
    yield block([('solo', 0, 0, 0)])
    yield block([('bob', 100, 100, 100), ('amy', 100, 100, 100), ('amy', 100, 100, 100)])
    yield block([('c', 60, 70, 80), ('b', 70, 60, 80), ('a', 80, 70, 60), ('d', 70, 80, 60)])
    yield block(random_rows(100))
    yield block(random_rows(10**4))
    # 分数集中在很小的范围，大量同分同语文，考察稳定性
    yield block(random_rows(10**4, 98, 100))
    yield block([(name(), 100 - i % 3, 50, 50 + i % 3) for i in range(10**4)])
    yield block([('z' * 10, 0, 0, 0)] * 5000 + [('a', 0, 0, 0)] * 5000)


write_tests(__file__, cases())
