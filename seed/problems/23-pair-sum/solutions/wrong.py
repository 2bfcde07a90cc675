# 典型错误：先把所有数放进字典再查找，没有排除“自己和自己配对”（S = 2 * a_i 时）。
import sys

data = sys.stdin.buffer.read().split()
n, s = int(data[0]), int(data[1])
a = [int(x) for x in data[2:2 + n]]
position = {x: i + 1 for i, x in enumerate(a)}
for i, x in enumerate(a, 1):
    j = position.get(s - x)
    if j is not None:
        print(min(i, j), max(i, j))
        break
else:
    print(-1)
