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


write_tests(cases())
