import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
acts = sorted(zip(map(int, data[2:2 + 2 * n:2]), map(int, data[1:1 + 2 * n:2])))  # (结束, 开始)
count = 0
free_at = 0
for end, start in acts:
    if start >= free_at:
        count += 1
        free_at = end
print(count)
