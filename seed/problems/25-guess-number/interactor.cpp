// 猜数字的交互器（testlib registerInteraction）：输入文件是评测机心中的数 x（1 ≤ x ≤ 10^9）。
// 选手程序每次输出 "? y"，交互器回答 "<"（x 比 y 小）、">"（x 比 y 大）或 "="；
// 最后输出 "! x" 作答。提问超过 30 次即判为答案错误。
#include "testlib.h"

#include <iostream>

int main(int argc, char* argv[]) {
    registerInteraction(argc, argv);
    const int x = inf.readInt(1, 1000000000, "x");
    const int limit = 30;
    int asked = 0;
    while (true) {
        const std::string op = ouf.readToken("[?!]", "操作");
        const int y = ouf.readInt(1, 1000000000, "y");
        if (op == "!") {
            if (y != x) quitf(_wa, "猜的数 %d 不对", y);
            tout << asked << std::endl;
            quitf(_ok, "用 %d 次提问猜中", asked);
        }
        if (++asked > limit) quitf(_wa, "提问超过 %d 次", limit);
        std::cout << (x < y ? "<" : x > y ? ">" : "=") << std::endl;
    }
}
