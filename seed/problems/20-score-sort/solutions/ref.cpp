#include <algorithm>
#include <iostream>
#include <string>
#include <vector>
using namespace std;

struct Student {
    string name;
    int chinese, math, english, total, order;
};

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    int n;
    cin >> n;
    vector<Student> s(n);
    for (int i = 0; i < n; i++) {
        cin >> s[i].name >> s[i].chinese >> s[i].math >> s[i].english;
        s[i].total = s[i].chinese + s[i].math + s[i].english;
        s[i].order = i;
    }
    // 输入顺序作为最后的关键字，排序结果唯一，不依赖 sort 是否稳定
    sort(s.begin(), s.end(), [](const Student& a, const Student& b) {
        if (a.total != b.total) return a.total > b.total;
        if (a.chinese != b.chinese) return a.chinese > b.chinese;
        return a.order < b.order;
    });
    for (const auto& st : s) cout << st.name << " " << st.total << "\n";
    return 0;
}
