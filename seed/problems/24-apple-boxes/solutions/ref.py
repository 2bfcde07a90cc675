# 文件输入输出：从 apple.in 读入，写到 apple.out
with open('apple.in', encoding='utf-8') as f:
    data = f.read().split()
n, c = int(data[0]), int(data[1])
boxes = 0
current = 0
heaviest = 0
for i in range(n):
    w = int(data[2 + i])
    if boxes == 0 or current + w > c:
        boxes += 1  # 封好当前箱子（若有），换一个新箱子
        current = 0
    current += w
    heaviest = max(heaviest, current)
with open('apple.out', 'w', encoding='utf-8') as f:
    f.write(f'{boxes} {heaviest}\n')
