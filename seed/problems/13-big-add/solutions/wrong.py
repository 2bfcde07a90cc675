# 典型错误：逐位相加后忘记处理最高位的进位。
a = input().strip()[::-1]
b = input().strip()[::-1]
digits = []
carry = 0
for i in range(max(len(a), len(b))):
    d = carry + (int(a[i]) if i < len(a) else 0) + (int(b[i]) if i < len(b) else 0)
    digits.append(str(d % 10))
    carry = d // 10
print(''.join(reversed(digits)))
