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


def make(n, q, high, full_ranges=False):
    a = [random.randint(0, high) for _ in range(n)]
    lines = [f'{n} {q}', ' '.join(map(str, a))]
    for _ in range(q):
        if full_ranges:
            l, r = random.randint(1, 10), random.randint(n - 10, n)
        else:
            l = random.randint(1, n)
            r = random.randint(l, n)
        lines.append(f'{l} {r}')
    return '\n'.join(lines) + '\n'


def cases():
    random.seed(115)
    yield '1 1\n0\n1 1\n'
    yield '1 2\n1000000000\n1 1\n1 1\n'
    yield make(10, 10, 9)
    yield make(1000, 1000, 10**9)
    yield make(40000, 40000, 10**9)
    yield make(40000, 5000, 10**9, full_ranges=True)
    yield make(20000, 20000, 1)
    yield '3 6\n5 6 7\n1 1\n2 2\n3 3\n1 2\n2 3\n1 3\n'


write_tests(cases())
