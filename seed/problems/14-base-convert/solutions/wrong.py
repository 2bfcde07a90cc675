# 典型错误：用 while n > 0 循环，n = 0 时什么都不输出。
DIGITS = '0123456789ABCDEF'
n, k = map(int, input().split())
result = []
while n > 0:
    result.append(DIGITS[n % k])
    n //= k
print(''.join(reversed(result)))
