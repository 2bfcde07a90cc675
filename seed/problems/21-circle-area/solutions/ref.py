import math

r = float(input())
print(f'{2 * math.pi * r:.6f}')
print(f'{math.pi * r * r:.6f}')
