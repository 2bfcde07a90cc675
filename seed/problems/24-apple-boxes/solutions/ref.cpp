#include <cstdio>

int main() {
    // 文件输入输出：从 apple.in 读入，写到 apple.out
    freopen("apple.in", "r", stdin);
    freopen("apple.out", "w", stdout);
    int n;
    long long c;
    scanf("%d %lld", &n, &c);
    long long current = 0, heaviest = 0;
    int boxes = 0;
    for (int i = 0; i < n; i++) {
        long long w;
        scanf("%lld", &w);
        if (boxes == 0 || current + w > c) {
            boxes++;  // 封好当前箱子（若有），换一个新箱子
            current = 0;
        }
        current += w;
        if (current > heaviest) heaviest = current;
    }
    printf("%d %lld\n", boxes, heaviest);
    return 0;
}
