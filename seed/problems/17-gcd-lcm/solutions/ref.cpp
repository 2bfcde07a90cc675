#include <cstdio>
using namespace std;

long long gcd(long long a, long long b) { return b == 0 ? a : gcd(b, a % b); }

int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        long long a, b;
        scanf("%lld %lld", &a, &b);
        long long g = gcd(a, b);
        printf("%lld %lld\n", g, a / g * b);  // 先除后乘，减少中间结果
    }
    return 0;
}
