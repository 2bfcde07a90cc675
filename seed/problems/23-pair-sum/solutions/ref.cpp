#include <cstdio>
#include <unordered_map>
#include <vector>
using namespace std;

int main() {
    int n;
    long long s;
    scanf("%d %lld", &n, &s);
    vector<long long> a(n + 1);
    for (int i = 1; i <= n; i++) scanf("%lld", &a[i]);
    unordered_map<long long, int> firstIndex;  // 值 -> 它最早出现的下标
    firstIndex.reserve(2 * n);
    // 先查再登记，保证配对的是另一个、更早的下标
    for (int j = 1; j <= n; j++) {
        auto it = firstIndex.find(s - a[j]);
        if (it != firstIndex.end()) {
            printf("%d %d\n", it->second, j);
            return 0;
        }
        firstIndex.emplace(a[j], j);
    }
    printf("-1\n");
    return 0;
}
