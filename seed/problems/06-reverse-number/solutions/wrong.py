# 典型错误：直接把字符串倒过来，没有去掉开头的 0。
s = input().strip()
if s.startswith('-'):
    print('-' + s[1:][::-1])
else:
    print(s[::-1])
