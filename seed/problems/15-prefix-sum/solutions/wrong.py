# 典型错误：差分时下标差一，写成了 prefix[r] - prefix[l]，漏掉了 a_l。
import sys

data = sys.stdin.buffer.read().split()
n, q = int(data[0]), int(data[1])
prefix = [0] * (n + 1)
for i in range(n):
    prefix[i + 1] = prefix[i] + int(data[2 + i])
out = []
pos = 2 + n
for _ in range(q):
    l, r = int(data[pos]), int(data[pos + 1])
    pos += 2
    out.append(prefix[r] - prefix[l])
print('\n'.join(map(str, out)))
