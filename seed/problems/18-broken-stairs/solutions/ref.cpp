#include <cstdio>
#include <vector>
using namespace std;

const long long MOD = 1000000007;

int main() {
    int n, m;
    scanf("%d %d", &n, &m);
    vector<char> broken(n + 1, 0);
    for (int i = 0; i < m; i++) {
        int x;
        scanf("%d", &x);
        broken[x] = 1;
    }
    vector<long long> f(n + 1, 0);
    f[0] = 1;
    for (int i = 1; i <= n; i++) {
        if (broken[i]) continue;  // 坏台阶上不能停留，走法数为 0
        f[i] = f[i - 1];
        if (i >= 2) f[i] = (f[i] + f[i - 2]) % MOD;
    }
    printf("%lld\n", f[n]);
    return 0;
}
