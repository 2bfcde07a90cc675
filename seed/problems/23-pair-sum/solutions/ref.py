import sys

data = sys.stdin.buffer.read().split()
n, s = int(data[0]), int(data[1])
first_index = {}
for j in range(1, n + 1):
    x = int(data[1 + j])
    i = first_index.get(s - x)
    if i is not None:
        print(i, j)
        break
    first_index.setdefault(x, j)
else:
    print(-1)
