#include <algorithm>
#include <cstdio>
using namespace std;

int main() {
    int n;
    scanf("%d", &n);
    long long best = 0, endingHere = 0;  // 和最大可达 5e13，需要 long long
    for (int i = 0; i < n; i++) {
        long long x;
        scanf("%lld", &x);
        endingHere = max(endingHere, 0LL) + x;
        // 第一个元素直接作为初值，保证全为负数时答案正确
        best = (i == 0) ? endingHere : max(best, endingHere);
    }
    printf("%lld\n", best);
    return 0;
}
