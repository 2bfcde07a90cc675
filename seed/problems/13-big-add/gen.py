#!/usr/bin/python3
"""测试数据生成器：固定随机种子，重复运行得到相同的数据（共用部分见 seed/genlib.py）。

用法：/usr/bin/python3 gen.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from genlib import write_tests  # noqa: E402  (the shared part lives in seed/)



def number(digits):
    if digits == 1:
        return str(random.randint(0, 9))
    return str(random.randint(1, 9)) + ''.join(str(random.randint(0, 9)) for _ in range(digits - 1))


def cases():
    random.seed(113)
    yield '0\n0\n'
    yield '5\n5\n'
    yield '0\n' + number(500) + '\n'
    yield '9' * 500 + '\n' + '9' * 500 + '\n'
    yield '9' * 500 + '\n1\n'
    yield number(500) + '\n' + number(500) + '\n'
    yield number(500) + '\n' + number(37) + '\n'
    yield number(18) + '\n' + number(19) + '\n'
    yield number(123) + '\n' + number(499) + '\n'


write_tests(__file__, cases())
