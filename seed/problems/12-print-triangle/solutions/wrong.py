# 典型错误：行首空格个数算成了 n-i+1，整体向右偏了一格。
n = int(input())
for i in range(1, n + 1):
    print(' ' * (n - i + 1) + '*' * (2 * i - 1))
