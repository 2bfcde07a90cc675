import sys


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


data = sys.stdin.buffer.read().split()
t = int(data[0])
out = []
for i in range(t):
    a, b = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    g = gcd(a, b)
    out.append(f'{g} {a // g * b}')
print('\n'.join(out))
