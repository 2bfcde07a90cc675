"""Shared part of every seed/problems/*/gen.py.

A generator is deterministic (fixed random seed: running it again gives the same data). It
writes the samples of problem.json as the first test cases, then the inputs its cases()
yields; every .out is computed by solutions/ref.py, so the data always agrees with the
reference solution (scripts/verify-problems.ts checks it again with ref.cpp).
"""
import json
import os
import subprocess
import sys


def write_tests(gen_file, inputs):
    """Rewrites tests/ next to gen_file: samples first, then inputs, answers from ref.py."""
    here = os.path.dirname(os.path.abspath(gen_file))
    with open(os.path.join(here, 'problem.json'), encoding='utf-8') as f:
        samples = json.load(f)['samples']
    all_inputs = [s['input'] for s in samples] + list(inputs)
    tests = os.path.join(here, 'tests')
    os.makedirs(tests, exist_ok=True)
    for name in os.listdir(tests):
        os.remove(os.path.join(tests, name))
    ref = os.path.join(here, 'solutions', 'ref.py')
    for i, text in enumerate(all_inputs, 1):
        with open(os.path.join(tests, f'{i}.in'), 'w', encoding='utf-8', newline='\n') as f:
            f.write(text)
        out = subprocess.run([sys.executable, ref], input=text.encode(), capture_output=True,
                             check=True).stdout
        with open(os.path.join(tests, f'{i}.out'), 'wb') as f:
            f.write(out)
