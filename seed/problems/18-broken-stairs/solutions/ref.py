import sys

MOD = 10**9 + 7
data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
broken = bytearray(n + 1)
for x in data[2:2 + m]:
    broken[int(x)] = 1
# 只保留最近两项：prev2 = f[i-2]，prev1 = f[i-1]
prev2, prev1 = 0, 1
for i in range(1, n + 1):
    cur = 0 if broken[i] else (prev1 + prev2) % MOD
    prev2, prev1 = prev1, cur
print(prev1)
