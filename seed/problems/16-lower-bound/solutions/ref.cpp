#include <cstdio>
#include <vector>
using namespace std;

int main() {
    int n, q;
    scanf("%d %d", &n, &q);
    vector<int> a(n + 1);
    for (int i = 1; i <= n; i++) scanf("%d", &a[i]);
    while (q--) {
        int x;
        scanf("%d", &x);
        // 在 [lo, hi] 中找第一个 a[i] >= x；hi = n+1 表示“不存在”
        int lo = 1, hi = n + 1;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (a[mid] >= x) hi = mid;
            else lo = mid + 1;
        }
        printf("%d\n", lo == n + 1 ? -1 : lo);
    }
    return 0;
}
