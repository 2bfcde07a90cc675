# 典型错误：读入后用 strip() 去掉了首尾空格，行首行尾的空格没有被统计。
s = input().strip()
letters = sum(1 for c in s if c.isalpha())
digits = sum(1 for c in s if c.isdigit())
spaces = s.count(' ')
print(letters, digits, spaces, len(s) - letters - digits - spaces)
