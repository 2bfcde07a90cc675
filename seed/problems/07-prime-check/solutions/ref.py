import sys


def is_prime(n):
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    i = 3
    while i * i <= n:
        if n % i == 0:
            return False
        i += 2
    return True


data = sys.stdin.read().split()
t = int(data[0])
print('\n'.join('Yes' if is_prime(int(x)) else 'No' for x in data[1:1 + t]))
