#include <iostream>
using namespace std;

int main() {
    long long n;
    cin >> n;
    // n(n+1) 最大约 1e18，仍在 long long 范围内
    cout << n * (n + 1) / 2 << "\n";
    return 0;
}
