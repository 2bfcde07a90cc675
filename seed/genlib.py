"""Shared part of every seed/problems/*/gen.py.

A generator is deterministic (fixed random seed: running it again gives the same data). It
writes the samples of problem.json as the first test cases, then the inputs its cases()
yields; every .out is computed by solutions/ref.py, so the data always agrees with the
reference solution (scripts/verify-problems.ts checks it again with ref.cpp). A file-I/O
problem (problem.json "io": {"mode": "file", ...}) runs ref.py in a scratch folder holding
the input file, and takes the answer from the output file it writes.
"""
import json
import os
import subprocess
import sys
import tempfile


def run_ref(ref, text, io):
    """The reference solution's answer to one input, through stdio or the named files."""
    if io.get('mode') != 'file':
        return subprocess.run([sys.executable, ref], input=text.encode(), capture_output=True,
                              check=True).stdout
    with tempfile.TemporaryDirectory() as box:
        with open(os.path.join(box, io['input']), 'w', encoding='utf-8', newline='\n') as f:
            f.write(text)
        subprocess.run([sys.executable, ref], cwd=box, stdin=subprocess.DEVNULL,
                       capture_output=True, check=True)
        with open(os.path.join(box, io['output']), 'rb') as f:
            return f.read()


def write_tests(gen_file, inputs):
    """Rewrites tests/ next to gen_file: samples first, then inputs, answers from ref.py."""
    here = os.path.dirname(os.path.abspath(gen_file))
    with open(os.path.join(here, 'problem.json'), encoding='utf-8') as f:
        meta = json.load(f)
    samples = meta['samples']
    io = meta.get('io', {'mode': 'stdio'})
    all_inputs = [s['input'] for s in samples] + list(inputs)
    tests = os.path.join(here, 'tests')
    os.makedirs(tests, exist_ok=True)
    for name in os.listdir(tests):
        os.remove(os.path.join(tests, name))
    ref = os.path.join(here, 'solutions', 'ref.py')
    for i, text in enumerate(all_inputs, 1):
        with open(os.path.join(tests, f'{i}.in'), 'w', encoding='utf-8', newline='\n') as f:
            f.write(text)
        out = run_ref(ref, text, io)
        with open(os.path.join(tests, f'{i}.out'), 'wb') as f:
            f.write(out)
