#!/usr/bin/python3
"""测试数据生成器：固定随机种子，重复运行得到相同的数据（共用部分见 seed/genlib.py）。

用法：/usr/bin/python3 gen.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from genlib import write_tests  # noqa: E402  (the shared part lives in seed/)



def is_prime(n):
    if n < 2:
        return False
    i = 2
    while i * i <= n:
        if n % i == 0:
            return False
        i += 1
    return True


def primes_below(limit, count):
    found = []
    n = limit
    while len(found) < count:
        if is_prime(n):
            found.append(n)
        n -= 1
    return found


def block(nums):
    return f'{len(nums)}\n' + ''.join(f'{x}\n' for x in nums)


def cases():
    random.seed(107)
    yield block([1])
    yield block(list(range(1, 101)))
    yield block([4, 25, 49, 121, 961, 1024, 2, 3, 5])
    big_primes = primes_below(10**9, 100)
    yield block(big_primes)  # 最坏情况：100 个接近 1e9 的素数
    yield block([31607 * 31627, 31627 * 31627, 99991 * 9973, 999999937, 10**9, 999999999])
    yield block([random.randint(1, 10**9) for _ in range(100)])
    yield block([random.choice(big_primes) if random.random() < 0.5 else random.randint(1, 10**9)
                 for _ in range(100)])
    yield block([p * q for p, q in zip(primes_below(31622, 50), primes_below(31600, 50))])


write_tests(__file__, cases())
