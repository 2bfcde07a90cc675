# 典型错误：照搬 C++ 写法 n % 2 == 1，而 C++ 中负奇数取模得 -1（用 math.fmod 模拟截断取模）。
import math

t = int(input())
for _ in range(t):
    n = int(input())
    print('odd' if int(math.fmod(n, 2)) == 1 else 'even')
