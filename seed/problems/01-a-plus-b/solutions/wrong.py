# 典型错误：用 int 存储，结果按 32 位有符号整数溢出（这里模拟 C++ 的行为）。
def as_int32(x):
    return (x + 2**31) % 2**32 - 2**31


a, b = map(int, input().split())
print(as_int32(as_int32(a) + as_int32(b)))
