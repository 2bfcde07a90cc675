# 典型错误：在排序之前去重，只去掉了原序列中相邻的重复元素。
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
a = list(map(int, data[1:1 + n]))
kept = [x for i, x in enumerate(a) if i == 0 or a[i - 1] != x]
kept.sort()
print(len(kept))
print(' '.join(map(str, kept)))
