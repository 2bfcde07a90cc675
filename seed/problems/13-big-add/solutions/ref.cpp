#include <algorithm>
#include <iostream>
#include <string>
using namespace std;

int main() {
    string a, b;
    cin >> a >> b;
    // 倒序后下标 0 是个位，方便逐位相加
    reverse(a.begin(), a.end());
    reverse(b.begin(), b.end());
    string sum;
    int carry = 0;
    for (size_t i = 0; i < max(a.size(), b.size()) || carry; i++) {
        int d = carry;
        if (i < a.size()) d += a[i] - '0';
        if (i < b.size()) d += b[i] - '0';
        sum.push_back(char('0' + d % 10));
        carry = d / 10;
    }
    reverse(sum.begin(), sum.end());
    cout << sum << "\n";
    return 0;
}
