// 二分查找：每次问区间中点，至多 30 次（2^30 > 10^9）。endl 会刷新输出，交互器才能读到。
#include <iostream>
#include <string>

int main() {
    long long lo = 1, hi = 1000000000;
    while (lo < hi) {
        const long long mid = lo + (hi - lo) / 2;
        std::cout << "? " << mid << std::endl;
        std::string reply;
        if (!(std::cin >> reply)) return 0;
        if (reply == "=") {
            lo = hi = mid;
        } else if (reply == "<") {
            hi = mid - 1;
        } else {
            lo = mid + 1;
        }
    }
    std::cout << "! " << lo << std::endl;
    return 0;
}
