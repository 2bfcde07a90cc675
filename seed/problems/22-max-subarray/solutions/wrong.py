# 典型错误：答案初值设为 0，所有数都是负数时会错误地输出 0。
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
best = 0
ending_here = 0
for x in map(int, data[1:1 + n]):
    ending_here = max(ending_here, 0) + x
    best = max(best, ending_here)
print(best)
