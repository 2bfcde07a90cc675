# 典型错误：只做了转置，忘记把每一行左右翻转。
import sys

data = sys.stdin.read().split()
n, m = int(data[0]), int(data[1])
a = [data[2 + i * m:2 + (i + 1) * m] for i in range(n)]
for i in range(m):
    print(' '.join(a[j][i] for j in range(n)))
