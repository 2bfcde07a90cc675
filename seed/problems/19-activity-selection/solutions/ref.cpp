#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>
using namespace std;

int main() {
    int n;
    scanf("%d", &n);
    vector<pair<int, int>> act(n);  // (结束时刻, 开始时刻)，按结束时刻排序
    for (auto& a : act) scanf("%d %d", &a.second, &a.first);
    sort(act.begin(), act.end());
    int count = 0, freeAt = 0;
    // 贪心：总是选结束最早、且与已选活动不冲突的活动，给后面留下最多时间
    for (const auto& a : act) {
        if (a.second >= freeAt) {
            count++;
            freeAt = a.first;
        }
    }
    printf("%d\n", count);
    return 0;
}
