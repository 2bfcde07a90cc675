t = int(input())
for _ in range(t):
    n = int(input())
    print('odd' if n % 2 != 0 else 'even')
