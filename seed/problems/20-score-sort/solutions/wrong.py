# 典型错误：总分、语文都相同时按姓名字典序排，而不是按输入顺序。
import sys

lines = sys.stdin.read().split('\n')
n = int(lines[0])
students = []
for line in lines[1:1 + n]:
    name, chinese, math, english = line.split()
    students.append((name, int(chinese), int(chinese) + int(math) + int(english)))
students.sort(key=lambda st: (-st[2], -st[1], st[0]))
print('\n'.join(f'{name} {total}' for name, _, total in students))
