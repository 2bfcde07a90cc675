#include <algorithm>
#include <cstdio>
#include <vector>
using namespace std;

int main() {
    int n;
    scanf("%d", &n);
    vector<int> a(n);
    for (int& x : a) scanf("%d", &x);
    sort(a.begin(), a.end());
    a.erase(unique(a.begin(), a.end()), a.end());  // unique 只去掉相邻重复，所以先排序
    printf("%d\n", (int)a.size());
    for (size_t i = 0; i < a.size(); i++) printf("%d%c", a[i], i + 1 == a.size() ? '\n' : ' ');
    return 0;
}
