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


def block(nums):
    return f'{len(nums)}\n' + ' '.join(map(str, nums)) + '\n'


def rand(n, low, high):
    return [random.randint(low, high) for _ in range(n)]


def cases():
    random.seed(122)
    # 子任务 1（测试点 1~4，测试点 1 是样例）：n <= 1000，|a_i| <= 1000
    yield block(rand(1000, -1000, 1000))
    yield block(rand(1000, -1000, -1))  # 全为负数
    yield block([-1000] * 500 + [1000] * 500)
    # 子任务 2（测试点 5~10）：n <= 5e4，|a_i| <= 1e9
    yield block(rand(50000, -10**9, 10**9))
    yield block(rand(20000, -10**9, -1))  # 全为负数
    yield block([10**9] * 50000)  # 答案 5e13，超出 int
    yield block(rand(20000, -10**9 + 1, 10**9))
    yield block([-1])
    yield block([random.choice([10**9, -10**9 + 1]) for _ in range(20000)])


write_tests(cases())
