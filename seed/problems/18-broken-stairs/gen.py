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


def make(n, broken):
    return f'{n} {len(broken)}\n' + ' '.join(map(str, broken)) + '\n'


def cases():
    random.seed(118)
    yield make(1, [])
    yield make(1, [1])
    yield make(10, [5, 6])  # 连续两级坏台阶，之后都无法到达
    yield make(100, [])
    yield make(10**6, [])
    # 坏台阶两两不相邻（都是偶数级），否则答案很快变成 0
    yield make(10**6, [2 * x for x in random.sample(range(1, 500000), 10**5)])
    yield make(10**6, sorted(set(random.sample(range(1, 10**6), 1000)) | {10**6}))  # 终点坏了
    yield make(999983, sorted(random.sample(range(1, 999983, 2), 50000)))
    yield make(30, [3, 9, 27])


write_tests(cases())
