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


def cases():
    random.seed(102)
    yield '1\n0\n'
    yield '2\n-1\n1\n'
    yield '4\n1000000000000000000\n-1000000000000000000\n999999999999999999\n-999999999999999999\n'
    for size, low, high in [(10, -100, 100), (50, -10**9, 10**9), (100, -10**18, 10**18),
                            (100, -10**18, 0), (100, 0, 10**18)]:
        nums = [random.randint(low, high) for _ in range(size)]
        yield f'{size}\n' + ''.join(f'{x}\n' for x in nums)


write_tests(cases())
