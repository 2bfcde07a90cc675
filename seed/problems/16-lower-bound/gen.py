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


def make(n, q, high, queries=None):
    a = sorted(random.randint(0, high) for _ in range(n))
    if queries is None:
        queries = [random.choice(a) if random.random() < 0.5 else random.randint(0, 10**6)
                   for _ in range(q)]
    return f'{n} {len(queries)}\n' + ' '.join(map(str, a)) + '\n' + ''.join(f'{x}\n' for x in queries)


def cases():
    random.seed(116)
    yield '1 3\n5\n4\n5\n6\n'
    yield '5 3\n2 2 2 2 2\n1\n2\n3\n'
    yield make(10, 10, 20)
    yield make(1000, 1000, 10**6)
    yield make(50000, 50000, 10**6)
    yield make(20000, 20000, 100)  # 大量重复元素
    yield make(50000, 50000, 10**6, [0, 10**6] * 5000)
    yield '4 4\n0 0 1000000 1000000\n0\n1\n999999\n1000000\n'


write_tests(cases())
