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


write_tests(cases())
