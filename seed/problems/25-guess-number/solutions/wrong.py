# 错误解法：从 1 开始逐个提问，数一大就超过 30 次。
y = 1
while True:
    print('?', y, flush=True)
    if input().strip() == '=':
        break
    y += 1
print('!', y, flush=True)
