import sys

data = sys.stdin.read().split()
t = int(data[0])
print('\n'.join('Yes' if s == s[::-1] else 'No' for s in data[1:1 + t]))
