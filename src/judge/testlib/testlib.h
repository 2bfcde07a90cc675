/*
 * Xinao testlib.h — a small, self-written header compatible with the commonly used subset of
 * testlib (https://github.com/MikeMirzayanov/testlib) for CHECKERS ONLY. It is not the real
 * testlib; only what is listed here exists:
 *
 *   registerTestlibCmd(argc, argv)          checker invoked as: checker <input> <output> <answer>
 *   inf / ouf / ans                         streams over input, contestant output, answer
 *     readInt() readInt(min, max[, name])   readLong() readLong(min, max[, name])
 *     readDouble() readReal() readToken() readWord() readString() readLine()
 *     readSpace() readEoln() readEof()      (lenient: whitespace is skipped between tokens)
 *     seekEof() eof() seekEoln() eoln()
 *   quitf(_ok|_wa|_pe|_fail, fmt, ...)      printf-style message on stderr, then exit
 *   quitp(points, fmt, ...)                 exit 7; stderr starts with "points <value>"
 *   ensuref(cond, fmt, ...) / ensure(cond)  _fail when the condition is false
 *   doubleCompare(expected, result, eps)    absolute-or-relative comparison
 *
 * Exit codes: _ok 0, _wa 1, _pe 2, _fail 3, points 7. Reading past the end or a malformed token
 * in `ouf` is _pe (wrong format); in `inf`/`ans` it is _fail (the problem's data is broken).
 * Xinao reads the points value as a fraction 0..1 of the test case's score.
 */
#ifndef XINAO_TESTLIB_H
#define XINAO_TESTLIB_H

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3, _points = 7 };

inline std::string testlib_vformat(const char *fmt, va_list ap) {
  char buf[4096];
  vsnprintf(buf, sizeof buf, fmt, ap);
  return buf;
}

[[noreturn]] inline void quit(TResult r, const std::string &msg) {
  const char *tag = r == _ok ? "ok" : r == _wa ? "wrong answer" : r == _pe ? "wrong output format" : "FAIL";
  std::fprintf(stderr, "%s %s\n", tag, msg.c_str());
  std::exit(r);
}

[[noreturn]] inline void quitf(TResult r, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string msg = testlib_vformat(fmt, ap);
  va_end(ap);
  quit(r, msg);
}

[[noreturn]] inline void quitp(double points, const char *fmt = "", ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string msg = testlib_vformat(fmt, ap);
  va_end(ap);
  std::fprintf(stderr, "points %.9g %s\n", points, msg.c_str());
  std::exit(_points);
}

#define ensuref(cond, ...)                                              \
  do {                                                                  \
    if (!(cond)) quitf(_fail, __VA_ARGS__);                             \
  } while (0)
#define ensure(cond) ensuref(cond, "%s", "ensure failed: " #cond)

inline bool doubleCompare(double expected, double result, double eps) {
  if (std::isnan(expected) || std::isnan(result)) return std::isnan(expected) && std::isnan(result);
  if (std::isinf(expected) || std::isinf(result)) return expected == result;
  double d = std::fabs(expected - result);
  return d <= eps + 1e-15 || d <= eps * std::fabs(expected) + 1e-15;
}

class InStream {
 public:
  InStream() : f_(nullptr), errorResult_(_fail), name_("?") {}
  void open(const char *path, TResult errorResult, const char *name) {
    f_ = std::fopen(path, "rb");
    errorResult_ = errorResult;
    name_ = name;
    if (!f_) quitf(_fail, "cannot open %s (%s)", name, path);
  }

  bool eof() { return peek() == EOF; }
  bool seekEof() {
    skipBlanks();
    return eof();
  }
  bool eoln() {
    int c = peek();
    return c == '\n' || c == '\r' || c == EOF;
  }
  bool seekEoln() {
    int c;
    while ((c = peek()) == ' ' || c == '\t') std::fgetc(f_);
    return eoln();
  }
  void readSpace() {
    if (std::fgetc(f_) != ' ') fail("expected a space");
  }
  void readEoln() {
    int c = std::fgetc(f_);
    if (c == '\r') c = std::fgetc(f_);
    if (c != '\n') fail("expected end of line");
  }
  void readEof() {
    if (!seekEof()) fail("expected end of file");
  }

  std::string readToken() {
    skipBlanks();
    std::string s;
    int c;
    while ((c = peek()) != EOF && !std::isspace(c)) s.push_back(static_cast<char>(std::fgetc(f_)));
    if (s.empty()) fail("unexpected end of file, a token was expected");
    return s;
  }
  std::string readWord() { return readToken(); }

  std::string readLine() {
    std::string s;
    int c;
    if (peek() == EOF) fail("unexpected end of file, a line was expected");
    while ((c = std::fgetc(f_)) != EOF && c != '\n') s.push_back(static_cast<char>(c));
    if (!s.empty() && s.back() == '\r') s.pop_back();
    return s;
  }
  std::string readString() { return readLine(); }

  long long readLong() {
    std::string t = readToken();
    errno = 0;
    char *end = nullptr;
    long long v = std::strtoll(t.c_str(), &end, 10);
    if (errno != 0 || *end != '\0') fail("expected an integer, got \"" + t + "\"");
    return v;
  }
  long long readLong(long long lo, long long hi, const std::string &what = "integer") {
    long long v = readLong();
    if (v < lo || v > hi) fail(what + " out of range");
    return v;
  }
  int readInt() {
    long long v = readLong();
    if (v < -2147483648LL || v > 2147483647LL) fail("integer does not fit in int");
    return static_cast<int>(v);
  }
  int readInt(int lo, int hi, const std::string &what = "integer") {
    int v = readInt();
    if (v < lo || v > hi) fail(what + " out of range");
    return v;
  }
  double readDouble() {
    std::string t = readToken();
    char *end = nullptr;
    double v = std::strtod(t.c_str(), &end);
    if (*end != '\0') fail("expected a number, got \"" + t + "\"");
    return v;
  }
  double readReal() { return readDouble(); }

 private:
  int peek() {
    int c = std::fgetc(f_);
    if (c != EOF) std::ungetc(c, f_);
    return c;
  }
  void skipBlanks() {
    int c;
    while ((c = peek()) != EOF && std::isspace(c)) std::fgetc(f_);
  }
  [[noreturn]] void fail(const std::string &why) { quitf(errorResult_, "%s: %s", name_, why.c_str()); }

  std::FILE *f_;
  TResult errorResult_;
  const char *name_;
};

inline InStream inf, ouf, ans;

inline void registerTestlibCmd(int argc, char *argv[]) {
  if (argc < 4) quitf(_fail, "usage: %s <input> <output> <answer>", argc > 0 ? argv[0] : "checker");
  inf.open(argv[1], _fail, "input");
  ouf.open(argv[2], _pe, "output");
  ans.open(argv[3], _fail, "answer");
}

#endif
