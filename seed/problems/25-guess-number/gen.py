#!/usr/bin/python3
"""测试数据生成器：固定随机种子，重复运行得到相同的数据。

交互题的输入是评测机心中的数 x，答案文件也写 x（交互器自己判断对错，不读答案）。
样例写在最前面，与 problem.json 的 samples 一致。

用法：/usr/bin/python3 gen.py
"""
import json
import os
import random

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, 'problem.json'), encoding='utf-8') as f:
    samples = [int(s['input']) for s in json.load(f)['samples']]

random.seed(2501)
numbers = samples + [1, 10**9, 2, 10**9 - 1, 536870912] + [random.randint(1, 10**9) for _ in range(5)]

tests = os.path.join(here, 'tests')
os.makedirs(tests, exist_ok=True)
for name in os.listdir(tests):
    os.remove(os.path.join(tests, name))
for i, x in enumerate(numbers, 1):
    for ext in ('in', 'out'):
        with open(os.path.join(tests, f'{i}.{ext}'), 'w', encoding='utf-8', newline='\n') as f:
            f.write(f'{x}\n')
