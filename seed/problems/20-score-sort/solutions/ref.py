import sys

lines = sys.stdin.read().split('\n')
n = int(lines[0])
students = []
for line in lines[1:1 + n]:
    name, chinese, math, english = line.split()
    students.append((name, int(chinese), int(chinese) + int(math) + int(english)))
# Python 的 sort 是稳定的：关键字相同的同学保持输入顺序
students.sort(key=lambda st: (-st[2], -st[1]))
print('\n'.join(f'{name} {total}' for name, _, total in students))
