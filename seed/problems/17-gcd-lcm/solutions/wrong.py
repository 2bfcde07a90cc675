# 典型错误：最小公倍数用 int 保存，按 32 位有符号整数溢出（模拟 C++ 的行为）。
import sys
from math import gcd


def as_int32(x):
    return (x + 2**31) % 2**32 - 2**31


data = sys.stdin.buffer.read().split()
t = int(data[0])
for i in range(t):
    a, b = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    g = gcd(a, b)
    print(g, as_int32(a // g * b))
