#include <algorithm>
#include <iostream>
#include <string>
using namespace std;

int main() {
    long long n;
    int k;
    cin >> n >> k;
    const string digits = "0123456789ABCDEF";
    string result;
    do {  // do-while 保证 n = 0 时也输出一位 0
        result.push_back(digits[n % k]);
        n /= k;
    } while (n > 0);
    reverse(result.begin(), result.end());
    cout << result << "\n";
    return 0;
}
