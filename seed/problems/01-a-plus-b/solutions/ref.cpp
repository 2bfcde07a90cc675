#include <iostream>
using namespace std;

int main() {
    long long a, b;  // 和可达 4e9，超出 int 范围
    cin >> a >> b;
    cout << a + b << "\n";
    return 0;
}
