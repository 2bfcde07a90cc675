DIGITS = '0123456789ABCDEF'
n, k = map(int, input().split())
result = []
while True:
    result.append(DIGITS[n % k])
    n //= k
    if n == 0:
        break
print(''.join(reversed(result)))
