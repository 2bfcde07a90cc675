# Python 的整数没有位数上限，可以直接相加。
a = int(input())
b = int(input())
print(a + b)
