# 典型错误：只比较了前一半中的偶数位置（循环步长写成 2）。
import sys

data = sys.stdin.read().split()
t = int(data[0])
for s in data[1:1 + t]:
    n = len(s)
    ok = all(s[i] == s[n - 1 - i] for i in range(0, n // 2, 2))
    print('Yes' if ok else 'No')
