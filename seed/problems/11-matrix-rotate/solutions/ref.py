import sys

data = sys.stdin.read().split()
n, m = int(data[0]), int(data[1])
a = [data[2 + i * m:2 + (i + 1) * m] for i in range(n)]
for i in range(m):
    print(' '.join(a[n - 1 - j][i] for j in range(n)))
