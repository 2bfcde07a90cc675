#include <iostream>
using namespace std;

bool isPrime(long long n) {
    if (n < 2) return false;
    if (n % 2 == 0) return n == 2;
    // i * i <= n 避免浮点 sqrt 的误差；i 用 long long 防止 i*i 溢出
    for (long long i = 3; i * i <= n; i += 2)
        if (n % i == 0) return false;
    return true;
}

int main() {
    int t;
    cin >> t;
    while (t--) {
        long long n;
        cin >> n;
        cout << (isPrime(n) ? "Yes" : "No") << "\n";
    }
    return 0;
}
