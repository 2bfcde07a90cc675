#include <cmath>
#include <cstdio>

int main() {
    const double PI = acos(-1.0);
    double r;
    scanf("%lf", &r);
    printf("%.6f\n%.6f\n", 2 * PI * r, PI * r * r);
    return 0;
}
