import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
best = None
ending_here = 0
for x in map(int, data[1:1 + n]):
    ending_here = max(ending_here, 0) + x
    if best is None or ending_here > best:
        best = ending_here
print(best)
