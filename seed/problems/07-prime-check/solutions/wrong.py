# 典型错误：没有特判 1，循环一次都不执行就认为它是素数。
import sys


def is_prime(n):
    i = 2
    while i * i <= n:
        if n % i == 0:
            return False
        i += 1
    return True


data = sys.stdin.read().split()
t = int(data[0])
print('\n'.join('Yes' if is_prime(int(x)) else 'No' for x in data[1:1 + t]))
