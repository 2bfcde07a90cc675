#include <iostream>
using namespace std;

int main() {
    int t;
    cin >> t;
    while (t--) {
        long long n;
        cin >> n;
        // 负奇数 % 2 == -1，所以判断“不等于 0”而不是“等于 1”
        cout << (n % 2 != 0 ? "odd" : "even") << "\n";
    }
    return 0;
}
