# 典型错误：公式正确，但用 int 计算 n*(n+1)，按 32 位有符号整数溢出（模拟 C++ 的行为）。
def as_int32(x):
    return (x + 2**31) % 2**32 - 2**31


n = int(input())
print(int(as_int32(n * (n + 1)) / 2))
