# 典型错误：按开始时刻排序后贪心，早开始的长活动会挤掉很多短活动。
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
acts = sorted(zip(map(int, data[1:1 + 2 * n:2]), map(int, data[2:2 + 2 * n:2])))
count = 0
free_at = 0
for start, end in acts:
    if start >= free_at:
        count += 1
        free_at = end
print(count)
