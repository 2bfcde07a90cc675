import sys

s = sys.stdin.readline().rstrip('\r\n')
letters = sum(1 for c in s if c.isascii() and c.isalpha())
digits = sum(1 for c in s if c.isascii() and c.isdigit())
spaces = s.count(' ')
print(letters, digits, spaces, len(s) - letters - digits - spaces)
