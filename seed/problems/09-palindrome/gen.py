#!/usr/bin/python3
"""测试数据生成器：固定随机种子，重复运行得到相同的数据（共用部分见 seed/genlib.py）。

用法：/usr/bin/python3 gen.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from genlib import write_tests  # noqa: E402  (the shared part lives in seed/)



ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'


def random_string(n, alphabet=ALPHABET):
    return ''.join(random.choice(alphabet) for _ in range(n))


def palindrome(n, alphabet=ALPHABET):
    half = random_string(n // 2, alphabet)
    middle = random.choice(alphabet) if n % 2 else ''
    return half + middle + half[::-1]


def almost_palindrome(n, alphabet=ALPHABET):
    s = list(palindrome(n, alphabet))
    pos = random.randrange(n // 2) if n >= 2 else 0
    s[pos] = 'a' if s[pos] != 'a' else 'b'
    return ''.join(s)


def block(strings):
    return f'{len(strings)}\n' + ''.join(s + '\n' for s in strings)


def cases():
    random.seed(109)
    yield block(['a', 'ab', 'aa', 'aba', 'abb'])
    yield block(['ab' * 5, 'abcba', 'abccba', 'abcdba', 'a1b1a', '0110'])
    yield block([palindrome(10**5, 'ab'), palindrome(99999, 'ab')])
    yield block([almost_palindrome(10**5, 'ab'), almost_palindrome(10**5)])
    # 只在奇数下标处不同（中间附近），卡住只检查部分位置的写法
    s = list('x' * 100000)
    s[49999] = 'y'
    yield block([''.join(s)])
    yield block([palindrome(random.randint(1, 20000)) for _ in range(10)])
    yield block([almost_palindrome(random.randint(2, 20000), 'ab') for _ in range(10)])
    yield block([random_string(random.randint(1, 5)) for _ in range(10)])


write_tests(__file__, cases())
