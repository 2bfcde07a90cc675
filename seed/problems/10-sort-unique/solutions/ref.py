import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
values = sorted(set(map(int, data[1:1 + n])))
print(len(values))
print(' '.join(map(str, values)))
