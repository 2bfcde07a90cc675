# 典型错误：π 取 3.14，误差远大于 1e-4。
r = float(input())
print(f'{2 * 3.14 * r:.6f}')
print(f'{3.14 * r * r:.6f}')
