#include <iostream>
#include <string>
using namespace std;

bool isPalindrome(const string& s) {
    size_t i = 0, j = s.size() - 1;
    while (i < j) {
        if (s[i] != s[j]) return false;
        i++;
        j--;
    }
    return true;
}

int main() {
    int t;
    cin >> t;
    while (t--) {
        string s;
        cin >> s;
        cout << (isPalindrome(s) ? "Yes" : "No") << "\n";
    }
    return 0;
}
