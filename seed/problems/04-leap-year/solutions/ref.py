import sys

data = sys.stdin.read().split()
t = int(data[0])
out = []
for y in map(int, data[1:1 + t]):
    leap = (y % 4 == 0 and y % 100 != 0) or y % 400 == 0
    out.append('Yes' if leap else 'No')
print('\n'.join(out))
