# 典型错误：漏掉了“能被 400 整除也是闰年”这一条。
import sys

data = sys.stdin.read().split()
t = int(data[0])
for y in map(int, data[1:1 + t]):
    print('Yes' if y % 4 == 0 and y % 100 != 0 else 'No')
