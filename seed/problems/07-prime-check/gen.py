#!/usr/bin/python3
"""测试数据生成器。确定性：固定随机种子，重复运行得到相同的数据。

先把 problem.json 中的样例写成前几个测试点，再写出 cases() 生成的输入；
每个 .out 由 solutions/ref.py 计算，因此数据与参考解一定一致
（verify-problems 会再用 ref.cpp 独立核对一遍）。
用法：/usr/bin/python3 gen.py
"""
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def write_tests(inputs):
    with open(os.path.join(HERE, 'problem.json'), encoding='utf-8') as f:
        samples = json.load(f)['samples']
    all_inputs = [s['input'] for s in samples] + list(inputs)
    tests = os.path.join(HERE, 'tests')
    os.makedirs(tests, exist_ok=True)
    for name in os.listdir(tests):
        os.remove(os.path.join(tests, name))
    ref = os.path.join(HERE, 'solutions', 'ref.py')
    for i, text in enumerate(all_inputs, 1):
        with open(os.path.join(tests, f'{i}.in'), 'w', encoding='utf-8', newline='\n') as f:
            f.write(text)
        out = subprocess.run([sys.executable, ref], input=text.encode(), capture_output=True,
                             check=True).stdout
        with open(os.path.join(tests, f'{i}.out'), 'wb') as f:
            f.write(out)


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


write_tests(cases())
