#include <iostream>
using namespace std;

int main() {
    long long n;
    cin >> n;
    bool negative = n < 0;
    if (negative) n = -n;
    long long reversed = 0;  // 反转结果可达 9e9，需要 long long
    while (n > 0) {
        reversed = reversed * 10 + n % 10;
        n /= 10;
    }
    cout << (negative ? -reversed : reversed) << "\n";
    return 0;
}
