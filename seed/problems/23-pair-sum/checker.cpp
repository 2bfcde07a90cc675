// 特殊评测：任意一组 i < j 且 a_i + a_j = S 的答案都正确；无解时必须输出 -1。
// 只使用 testlib 的常用子集：registerTestlibCmd、readInt、quitf。
#include "testlib.h"

#include <vector>

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    int n = inf.readInt();
    int s = inf.readInt();
    std::vector<long long> a(n + 1);
    for (int k = 1; k <= n; k++) a[k] = inf.readInt();

    bool jurySolvable = ans.readInt() != -1;
    int i = ouf.readInt();
    if (i == -1) {
        if (jurySolvable) quitf(_wa, "存在解，但选手输出了 -1");
        quitf(_ok, "正确判断无解");
    }
    int j = ouf.readInt();
    if (i < 1 || j > n || i >= j) quitf(_wa, "下标不合法：i = %d, j = %d（要求 1 <= i < j <= n）", i, j);
    if (a[i] + a[j] != s)
        quitf(_wa, "a[%d] + a[%d] = %lld，不等于 S = %d", i, j, a[i] + a[j], s);
    // 选手给出的是一组经过验证的解，即使标准答案是 -1 也判为正确（那说明标准答案有误）
    quitf(_ok, "i = %d, j = %d", i, j);
}
