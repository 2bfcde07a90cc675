# 二分查找：每次问区间中点，至多 30 次。print(..., flush=True) 让交互器立刻读到提问。
lo, hi = 1, 10**9
while lo < hi:
    mid = (lo + hi) // 2
    print('?', mid, flush=True)
    reply = input().strip()
    if reply == '=':
        lo = hi = mid
    elif reply == '<':
        hi = mid - 1
    else:
        lo = mid + 1
print('!', lo, flush=True)
