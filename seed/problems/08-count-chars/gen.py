#!/usr/bin/python3
"""测试数据生成器：固定随机种子，重复运行得到相同的数据（共用部分见 seed/genlib.py）。

用法：/usr/bin/python3 gen.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from genlib import write_tests  # noqa: E402  (the shared part lives in seed/)



PRINTABLE = [chr(c) for c in range(32, 127)]


def cases():
    random.seed(108)
    yield 'a\n'
    yield ' \n'
    yield '   leading and trailing   \n'
    yield '0123456789\n'
    yield '!@#$%^&*()_+-=[]{};:\'",.<>/?\\|`~\n'
    yield 'C++ is fun; Python 3.11 too.\n'
    yield ''.join(random.choice(PRINTABLE) for _ in range(1000)) + '\n'
    yield ' ' + ''.join(random.choice('ab 12#') for _ in range(998)) + ' \n'
    yield ''.join(random.choice(PRINTABLE) for _ in range(500)) + '\n'


write_tests(__file__, cases())
