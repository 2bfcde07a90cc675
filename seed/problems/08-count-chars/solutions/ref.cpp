#include <iostream>
#include <string>
using namespace std;

int main() {
    string s;
    getline(cin, s);
    if (!s.empty() && s.back() == '\r') s.pop_back();  // 兼容 Windows 换行
    int letters = 0, digits = 0, spaces = 0, others = 0;
    for (char c : s) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) letters++;
        else if (c >= '0' && c <= '9') digits++;
        else if (c == ' ') spaces++;
        else others++;
    }
    cout << letters << " " << digits << " " << spaces << " " << others << "\n";
    return 0;
}
