# 典型错误：从 apple.in 读入没有问题，答案却输出到了屏幕（标准输出），没有写入 apple.out。
with open('apple.in', encoding='utf-8') as f:
    data = f.read().split()
n, c = int(data[0]), int(data[1])
boxes = current = heaviest = 0
for i in range(n):
    w = int(data[2 + i])
    if boxes == 0 or current + w > c:
        boxes += 1
        current = 0
    current += w
    heaviest = max(heaviest, current)
print(boxes, heaviest)
