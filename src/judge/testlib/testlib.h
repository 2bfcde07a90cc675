/*
 * Xinao testlib.h — Xinao's own implementation of the testlib API for checkers and interactors.
 *
 * testlib (https://github.com/MikeMirzayanov/testlib, MIT) is the de-facto standard library for
 * special judges: Polygon, Codeforces and most Chinese OJs run checkers written against it. This
 * header is written from scratch for Xinao; it reproduces testlib's *observable behaviour* — exit
 * codes, the exact stderr messages, whitespace/number/EOF rules — so that checkers written for
 * testlib (all 21 standard checkers of its checkers/ folder included) compile unchanged and give
 * the same verdict with the same message. tests/fixtures/testlib-upstream holds the real testlib,
 * used only by the differential test (src/judge/testlib/testlib.sandbox.test.ts).
 *
 * Supported: registerTestlibCmd (checker: input output answer [result-file [-appes]],
 * --testset/--group), registerInteraction (interactor: input output [answer]; `tout` writes the
 * output file, `ouf` reads the program through stdin, stdout goes to the program), the InStream
 * readers (numbers, tokens, lines, chars, patterns, vector forms, eof/eoln), quit/quitf/quitp/
 * quitpi/quitif/expectedButFound, ensure/ensuref, pattern, random_t `rnd` (same sequence as
 * testlib), shuffle, the string helpers (format, vtos, compress, englishEnding, trim, split…),
 * setTestCase, println.
 * Not supported: registerGen/registerValidation (generators and validators: opt<>, validator
 * overview logs, strict-mode line numbers), the EJUDGE/CONTESTER/TESTSYS exit-code variants.
 *
 * Verdicts (testlib's defaults): _ok → exit 0 "ok …", _wa → 1 "wrong answer …", _pe → 2
 * "wrong output format …", _fail → 3 "FAIL …", _dirt → printed as "wrong output format", exit 2,
 * _points → 7 "points <value> …", _unexpected_eof → exit 2 as _pe (8 with -DENABLE_UNEXPECTED_EOF),
 * _pc(n) → exit n "partially correct (n) …". Any quit through `inf` or `ans` (a read error, or
 * ans.quitf with any verdict) is a FAIL naming the file: the jury's data is broken. ok, points
 * and partially correct first require the rest of `ouf` to be blank ("Extra information in the
 * output file").
 *
 * Known differences, none reachable from a checker run by the judge: testlib's interactor stdin
 * reader takes a 0xFF byte for EOF (here it is a byte); a missing input file reads as empty
 * (testlib crashes); --help prints a shorter text; line numbers are not tracked (testlib only
 * reports them for validators).
 */
#ifndef XINAO_TESTLIB_H
#define XINAO_TESTLIB_H
#define _TESTLIB_H_ /* some checkers test for testlib's own guard */

/* Checkers rely on testlib pulling in the usual headers (sort, min, vector, to_string, fabs…). */
#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#define VERSION "0.9.45-xinao"

#ifndef OK_EXIT_CODE
#define OK_EXIT_CODE 0
#endif
#ifndef WA_EXIT_CODE
#define WA_EXIT_CODE 1
#endif
#ifndef PE_EXIT_CODE
#define PE_EXIT_CODE 2
#endif
#ifndef FAIL_EXIT_CODE
#define FAIL_EXIT_CODE 3
#endif
#ifndef DIRT_EXIT_CODE
#define DIRT_EXIT_CODE 4
#endif
#ifndef POINTS_EXIT_CODE
#define POINTS_EXIT_CODE 7
#endif
#ifndef UNEXPECTED_EOF_EXIT_CODE
#define UNEXPECTED_EOF_EXIT_CODE 8
#endif
#ifndef PC_BASE_EXIT_CODE
#define PC_BASE_EXIT_CODE 0
#endif

#define I64 "%lld"
#define U64 "%llu"
#define NORETURN [[noreturn]]
#define LF ((char)10)
#define CR ((char)13)
#define TAB ((char)9)
#define SPACE ((char)' ')
#define EOFC (255)

/* The numeric values are testlib's: _points is 5 (exit code 7), _pc(n) is 16 + n (exit code n). */
enum TResult {
  _ok = 0,
  _wa = 1,
  _pe = 2,
  _fail = 3,
  _dirt = 4,
  _points = 5,
  _unexpected_eof = 8,
  _partially = 16
};
#define _pc(exitCode) (TResult(_partially + (exitCode)))

enum TMode { _input, _output, _answer };
enum TTestlibMode { _unknown, _checker, _validator, _generator, _interactor, _scorer };

class InStream;
class random_t;
NORETURN inline void quit(TResult result, const std::string &msg);
NORETURN inline void quit(TResult result, const char *msg);

/* ───────────────────────────── formatting and string helpers ───────────────────────────── */

namespace xinao_tl {
/* vsnprintf into a string of the right size (testlib uses one 16 MiB buffer; same result). */
inline std::string vformat(const char *fmt, va_list ap) {
  va_list copy;
  va_copy(copy, ap);
  char small[1024];
  int n = std::vsnprintf(small, sizeof small, fmt, copy);
  va_end(copy);
  if (n < 0) return std::string();
  if (static_cast<size_t>(n) < sizeof small) return std::string(small, static_cast<size_t>(n));
  std::string out(static_cast<size_t>(n) + 1, '\0');
  std::vsnprintf(&out[0], out.size(), fmt, ap);
  out.resize(static_cast<size_t>(n));
  return out;
}

/* NaN test on the bits, so that -ffast-math cannot optimise it away. */
inline bool isNaN(double r) {
  volatile double v = r;
  unsigned long long bits;
  double copy = v;
  std::memcpy(&bits, &copy, sizeof bits);
  return (bits & 0x7ff0000000000000ULL) == 0x7ff0000000000000ULL && (bits & 0xfffffffffffffULL) != 0;
}
/* testlib calls anything beyond ±1e300 "infinite"; doubleCompare depends on that threshold. */
inline bool isInfinite(double r) {
  volatile double v = r;
  return v > 1E300 || v < -1E300;
}

/* "1.5000000000" → "1.5", "2.0000000000" → "2.0" (how testlib prints points). */
inline std::string trimZeroes(std::string v) {
  if (v.find('.') != std::string::npos)
    while (!v.empty() && v.back() == '0') v.pop_back();
  if (!v.empty() && v.back() == '.') v += '0';
  return v;
}

/* Shortens what is quoted in messages: NULs become '~', more than 64 chars become 30...31. */
inline std::string part(const std::string &s) {
  std::string t = s;
  std::replace(t.begin(), t.end(), '\0', '~');
  if (t.size() <= 64) return t;
  return t.substr(0, 30) + "..." + t.substr(t.size() - 31);
}

inline bool isBlank(int c) { return c == LF || c == CR || c == SPACE || c == TAB; }
inline bool isEolnChar(int c) { return c == LF || c == CR; }

/* Message brackets: testlib marks "(file name)"-style appendices with two control characters so
 * it can add more to the same parenthesis; they are printed as '(' and ')'. */
const char OPEN = char(11);
const char CLOSE = char(17);

inline void findBrackets(const std::string &m, int &open, int &close) {
  open = close = -1;
  for (size_t i = 0; i < m.size(); i++) {
    if (m[i] == OPEN) open = open == -1 ? int(i) : INT_MAX;
    if (m[i] == CLOSE) close = close == -1 ? int(i) : INT_MAX;
  }
}
inline bool oneBracketPair(int open, int close) {
  return open != -1 && open != INT_MAX && close != -1 && close != INT_MAX && open < close;
}
inline std::string appendMessage(const std::string &m, const std::string &extra) {
  int open, close;
  findBrackets(m, open, close);
  if (oneBracketPair(open, close)) {
    size_t at = m.find(extra, size_t(open));
    if (at == std::string::npos || int(at) >= close) {
      std::string r = m;
      r.insert(size_t(close), ", " + extra);
      return r;
    }
    return m;
  }
  return m + " " + OPEN + extra + CLOSE;
}
inline std::string printable(const std::string &m) {
  int open, close;
  findBrackets(m, open, close);
  if (!oneBracketPair(open, close)) return m;
  std::string r = m;
  r[size_t(open)] = '(';
  r[size_t(close)] = ')';
  return r;
}
}  // namespace xinao_tl

#define XINAO_PRINTF(a, b) __attribute__((format(printf, a, b)))

XINAO_PRINTF(1, 2) inline std::string format(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string s = xinao_tl::vformat(fmt, ap);
  va_end(ap);
  return s;
}
template <typename S, typename... A,
          typename = typename std::enable_if<std::is_same<typename std::decay<S>::type, std::string>::value>::type>
inline std::string format(const S &fmt, A... args) {
  return format(fmt.c_str(), args...);
}
XINAO_PRINTF(1, 2) inline std::string testlib_format_(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string s = xinao_tl::vformat(fmt, ap);
  va_end(ap);
  return s;
}

/* Integers are printed digit by digit (exact for the minimum value too); anything else through a
 * stringstream, which for a string keeps its first word — as testlib does. */
template <typename T>
static std::string vtos(const T &t, std::true_type) {
  if (t == 0) return "0";
  T n = t;
  bool negative = n < 0;
  std::string s;
  while (n != 0) {
    T d = n % 10;
    if (d < 0) d = -d;
    s += char('0' + d);
    n /= 10;
  }
  if (negative) s += '-';
  std::reverse(s.begin(), s.end());
  return s;
}
template <typename T>
static std::string vtos(const T &t, std::false_type) {
  std::stringstream ss;
  ss << t;
  std::string s;
  ss >> s;
  return s;
}
template <typename T>
static std::string vtos(const T &t) {
  return vtos(t, std::integral_constant<bool, std::is_integral<T>::value>());
}
template <typename T>
static std::string toString(const T &t) {
  return vtos(t);
}

/* 1000000000 → "10^9", -3000000000 → "-3*10^9" (range messages); fewer than 7 zeros stay digits. */
template <typename T>
static std::string toHumanReadableString(const T &n) {
  if (n == 0) return vtos(n);
  int zeros = 0;
  T m = n;
  while (m % 10 == 0) m /= 10, zeros++;
  if (zeros < 7) return vtos(n);
  if (m == 1) return "10^" + vtos(zeros);
  if (!std::is_unsigned<T>::value && m == T(-1)) return "-10^" + vtos(zeros);
  return vtos(m) + "*10^" + vtos(zeros);
}

inline std::string upperCase(std::string s) {
  for (char &c : s)
    if ('a' <= c && c <= 'z') c = char(c - 'a' + 'A');
  return s;
}
inline std::string lowerCase(std::string s) {
  for (char &c : s)
    if ('A' <= c && c <= 'Z') c = char(c - 'A' + 'a');
  return s;
}
/* Trims testlib's blanks only: space, tab, CR, LF. */
inline std::string trim(const std::string &s) {
  size_t l = 0, r = s.size();
  while (l < r && xinao_tl::isBlank(s[l])) l++;
  while (r > l && xinao_tl::isBlank(s[r - 1])) r--;
  return s.substr(l, r - l);
}
inline std::string compress(const std::string &s) { return xinao_tl::part(s); }
inline std::string englishEnding(int x) {
  x %= 100;
  if (x / 10 == 1) return "th";
  if (x % 10 == 1) return "st";
  if (x % 10 == 2) return "nd";
  if (x % 10 == 3) return "rd";
  return "th";
}

/* Exactly k+1 items for k separators. */
inline std::vector<std::string> split(const std::string &s, const std::string &separators) {
  if (separators.empty()) return std::vector<std::string>(1, s);
  std::vector<std::string> out(1);
  for (char c : s) {
    if (separators.find(c) != std::string::npos)
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}
inline std::vector<std::string> split(const std::string &s, char separator) {
  return split(s, std::string(1, separator));
}
/* Only the non-empty items. */
inline std::vector<std::string> tokenize(const std::string &s, const std::string &separators) {
  if (separators.empty()) return std::vector<std::string>(1, s);
  std::vector<std::string> out;
  for (const std::string &item : split(s, separators))
    if (!item.empty()) out.push_back(item);
  return out;
}
inline std::vector<std::string> tokenize(const std::string &s, char separator) {
  return tokenize(s, std::string(1, separator));
}

template <typename It, typename Sep>
std::string join(It first, It last, Sep separator) {
  std::stringstream ss;
  for (It i = first; i != last; ++i) {
    if (i != first) ss << separator;
    ss << *i;
  }
  return ss.str();
}
template <typename It>
std::string join(It first, It last) {
  return join(first, last, ' ');
}
template <typename C, typename Sep>
std::string join(const C &c, Sep separator) {
  return join(c.begin(), c.end(), separator);
}
template <typename C>
std::string join(const C &c) {
  return join(c.begin(), c.end(), ' ');
}

/* Whether the decimal text s spells `integer` exactly (no sign on 0, no leading zeros). */
static inline bool equals(long long integer, const char *s) {
  std::string expected = vtos(integer);
  return expected == s;
}
static inline bool equals(unsigned long long integer, const char *s) {
  std::string expected = vtos(integer);
  return expected == s;
}

/* |result − expected| ≤ ε, or result within expected·(1 ± ε); ε gets +1e-15 for rounding. Values
 * beyond ±1e300 count as infinite and must match in sign only; NaN matches NaN only. */
inline bool doubleCompare(double expected, double result, double MAX_DOUBLE_ERROR) {
  MAX_DOUBLE_ERROR += 1E-15;
  if (xinao_tl::isNaN(expected)) return xinao_tl::isNaN(result);
  if (xinao_tl::isInfinite(expected))
    return expected > 0 ? result > 0 && xinao_tl::isInfinite(result)
                        : result < 0 && xinao_tl::isInfinite(result);
  if (xinao_tl::isNaN(result) || xinao_tl::isInfinite(result)) return false;
  double diff = result - expected;
  if ((diff > 0 ? diff : -diff) <= MAX_DOUBLE_ERROR) return true;
  double a = expected * (1.0 - MAX_DOUBLE_ERROR);
  double b = expected * (1.0 + MAX_DOUBLE_ERROR);
  double lo = a < b ? a : b, hi = a > b ? a : b;
  return result >= lo && result <= hi;
}
/* min(absolute, relative) error; absolute only when |expected| ≤ 1e-9. */
inline double doubleDelta(double expected, double result) {
  double d = result - expected;
  double absolute = d > 0 ? d : -d;
  double e = expected > 0 ? expected : -expected;
  if (e > 1E-9) {
    double r = absolute / expected;
    double relative = r > 0 ? r : -r;
    return absolute < relative ? absolute : relative;
  }
  return absolute;
}

/* ───────────────────────────────── global state ───────────────────────────────── */

namespace xinao_tl {
struct State {
  TTestlibMode mode = _unknown;
  bool registered = false;
  bool quitting = false;
  bool atExit = false; /* in the finalize guard, i.e. already inside exit() */
  std::string checkerName = "untitled checker";
  std::string resultName;
  bool appesMode = false;
  std::string appesEncoding = "windows-1251";
  double points = std::numeric_limits<float>::infinity();
  bool hasTestCase = false;
  int testCase = -1;
};
inline State state;
NORETURN inline void fail(const std::string &message);
}  // namespace xinao_tl

inline std::string checkerName = "untitled checker";

XINAO_PRINTF(1, 2) inline void setName(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  checkerName = xinao_tl::vformat(fmt, ap);
  va_end(ap);
}

/* Test-case numbering for multi-test checkers: messages get "[test case k]" appended. */
inline void setTestCase(int testCase) {
  static bool first = true, zeroBased = false;
  if (first && testCase == 0) zeroBased = true;
  if (zeroBased) testCase++;
  xinao_tl::state.hasTestCase = true;
  xinao_tl::state.testCase = testCase;
  first = false;
}
inline void unsetTestCase() {
  xinao_tl::state.hasTestCase = false;
  xinao_tl::state.testCase = -1;
}

/* ─────────────────────────── random_t: testlib's generator ───────────────────────────
 * A 48-bit linear congruential generator (the java.util.Random constants), so that rnd gives the
 * same numbers as testlib for the same seed: generators and randomised checkers stay reproducible
 * against data made with the real testlib. */

class pattern;

class random_t {
 public:
  static int version;

  random_t() : seed_(3905348978240129619ULL) {}

  /* Seed from the command line (what registerGen does). */
  void setSeed(int argc, char *argv[]) {
    seed_ = 3905348978240129619ULL;
    for (int i = 1; i < argc; i++) {
      size_t len = std::strlen(argv[i]);
      for (size_t j = 0; j < len; j++) seed_ = seed_ * kMul + static_cast<unsigned int>(argv[i][j]) + kAdd;
      seed_ += kMul / kAdd;
    }
    seed_ &= kMask;
  }
  void setSeed(long long seed) { seed_ = (static_cast<unsigned long long>(seed) ^ kMul) & kMask; }

  std::string next(const std::string &ptrn);
  XINAO_PRINTF(2, 3) std::string next(const char *fmt, ...);

  /* Uniform in [0, n). */
  int next(int n) {
    if (n <= 0) xinao_tl::fail("random_t::next(int n): n must be positive");
    if ((n & -n) == n) return int((n * static_cast<long long>(bits(31))) >> 31);
    const long long limit = INT_MAX / n * n;
    long long b;
    do b = bits(31);
    while (b >= limit);
    return int(b % n);
  }
  unsigned int next(unsigned int n) {
    if (n >= INT_MAX) xinao_tl::fail("random_t::next(unsigned int n): n must be less INT_MAX");
    return static_cast<unsigned int>(next(int(n)));
  }
  long long next(long long n) {
    if (n <= 0) xinao_tl::fail("random_t::next(long long n): n must be positive");
    const long long limit = LLONG_MAX / n * n;
    long long b;
    do b = bits(63);
    while (b >= limit);
    return b % n;
  }
  unsigned long long next(unsigned long long n) {
    if (n >= static_cast<unsigned long long>(LLONG_MAX))
      xinao_tl::fail("random_t::next(unsigned long long n): n must be less LONGLONG_MAX");
    return static_cast<unsigned long long>(next(static_cast<long long>(n)));
  }
  long next(long n) { return static_cast<long>(next(static_cast<long long>(n))); }
  unsigned long next(unsigned long n) {
    if (n >= static_cast<unsigned long>(LONG_MAX))
      xinao_tl::fail("random_t::next(unsigned long n): n must be less LONG_MAX");
    return static_cast<unsigned long>(next(static_cast<unsigned long long>(n)));
  }

  /* Uniform in [from, to]. */
  int next(int from, int to) { return int(next(static_cast<long long>(to) - from + 1) + from); }
  unsigned int next(unsigned int from, unsigned int to) {
    return static_cast<unsigned int>(next(static_cast<long long>(to) - from + 1) + from);
  }
  long long next(long long from, long long to) { return next(to - from + 1) + from; }
  unsigned long long next(unsigned long long from, unsigned long long to) {
    if (from > to)
      xinao_tl::fail("random_t::next(unsigned long long from, unsigned long long to): from can't not exceed to");
    return next(to - from + 1) + from;
  }
  long next(long from, long to) { return next(to - from + 1) + from; }
  unsigned long next(unsigned long from, unsigned long to) {
    if (from > to) xinao_tl::fail("random_t::next(unsigned long from, unsigned long to): from can't not exceed to");
    return next(to - from + 1) + from;
  }

  /* Uniform in [0, 1), [0, n), [from, to). */
  double next() {
    long long left = bits(26) << 27;
    long long right = bits(27);
    return crop(double(left + right) / double(1LL << 53), 0.0, 1.0);
  }
  double next(double n) {
    if (n <= 0.0) xinao_tl::fail("random_t::next(double): n should be positive");
    return crop(n * next(), 0.0, n);
  }
  double next(double from, double to) {
    if (from >= to) xinao_tl::fail("random_t::next(double from, double to): from should be strictly less than to");
    return next(to - from) + from;
  }

  template <typename C>
  typename C::value_type any(const C &c) {
    int size = int(c.size());
    if (size <= 0) xinao_tl::fail("random_t::any(const Container& c): c.size() must be positive");
    typename C::const_iterator it = c.begin();
    std::advance(it, next(size));
    return *it;
  }
  template <typename It>
  typename It::value_type any(const It &begin, const It &end) {
    int size = int(std::distance(begin, end));
    if (size <= 0) xinao_tl::fail("random_t::any(const Iter& begin, const Iter& end): range must have positive length");
    It it = begin;
    std::advance(it, next(size));
    return *it;
  }

  /* Weighted: type > 0 is the max of type+1 draws, type < 0 the min; |type| ≥ 25 uses a power law. */
  int wnext(int n, int type) {
    if (n <= 0) xinao_tl::fail("random_t::wnext(int n, int type): n must be positive");
    if (std::abs(type) < kLim) {
      int r = next(n);
      for (int i = 0; i < type; i++) r = std::max(r, next(n));
      for (int i = 0; i < -type; i++) r = std::min(r, next(n));
      return r;
    }
    return crop(int(double(n) * powerLaw(type)), 0, n);
  }
  long long wnext(long long n, int type) {
    if (n <= 0) xinao_tl::fail("random_t::wnext(long long n, int type): n must be positive");
    if (std::abs(type) < kLim) {
      long long r = next(n);
      for (int i = 0; i < type; i++) r = std::max(r, next(n));
      for (int i = 0; i < -type; i++) r = std::min(r, next(n));
      return r;
    }
    return crop(static_cast<long long>(double(n) * powerLaw(type)), 0LL, n);
  }
  double wnext(double n, int type) {
    if (n <= 0) xinao_tl::fail("random_t::wnext(double n, int type): n must be positive");
    if (std::abs(type) < kLim) {
      double r = next();
      for (int i = 0; i < type; i++) r = std::max(r, next());
      for (int i = 0; i < -type; i++) r = std::min(r, next());
      return n * r;
    }
    return crop(n * powerLaw(type), 0.0, n);
  }
  double wnext(int type) { return wnext(1.0, type); }
  int wnext(int from, int to, int type) {
    if (from > to) xinao_tl::fail("random_t::wnext(int from, int to, int type): from can't not exceed to");
    return wnext(to - from + 1, type) + from;
  }
  long long wnext(long long from, long long to, int type) {
    if (from > to) xinao_tl::fail("random_t::wnext(long long from, long long to, int type): from can't not exceed to");
    return wnext(to - from + 1, type) + from;
  }
  double wnext(double from, double to, int type) {
    if (from >= to)
      xinao_tl::fail("random_t::wnext(double from, double to, int type): from should be strictly less than to");
    return wnext(to - from, type) + from;
  }
  template <typename C>
  typename C::value_type wany(const C &c, int type) {
    int size = int(c.size());
    if (size <= 0) xinao_tl::fail("random_t::wany(const Container& c, int type): c.size() must be positive");
    typename C::const_iterator it = c.begin();
    std::advance(it, wnext(size, type));
    return *it;
  }

  /* A permutation of first, first+1, …, first+size−1. */
  template <typename T, typename E>
  std::vector<E> perm(T size, E first) {
    if (size < 0) xinao_tl::fail("random_t::perm(T size, E first = 0): size must non-negative");
    std::vector<E> p(static_cast<size_t>(size));
    E cur = first;
    for (T i = 0; i < size; i++) p[size_t(i)] = cur++;
    for (T i = 1; i < size; i++) std::swap(p[size_t(i)], p[size_t(next(i + 1))]);
    return p;
  }
  template <typename T>
  std::vector<T> perm(T size) {
    return perm(size, T(0));
  }

  /* `size` distinct values of [from, to], unordered. */
  template <typename T>
  std::vector<T> distinct(int size, T from, T to) {
    std::vector<T> result;
    if (size == 0) return result;
    if (from > to) xinao_tl::fail("random_t::distinct expected from <= to");
    if (size < 0) xinao_tl::fail("random_t::distinct expected size >= 0");
    uint64_t n = uint64_t(to - from) + 1;
    if (uint64_t(size) > n) xinao_tl::fail("random_t::distinct expected size <= to - from + 1");
    double expected = 0.0;
    for (int i = 1; i <= size; i++) expected += double(n) / double(n - uint64_t(i) + 1);
    if (expected < double(n)) {
      std::set<T> seen;
      while (int(seen.size()) < size) {
        T x = T(next(from, to));
        if (seen.insert(x).second) result.push_back(x);
      }
    } else {
      if (n > 1000000000) xinao_tl::fail("random_t::distinct here expected to - from + 1 <= 1000000000");
      std::vector<T> p(perm(int(n), from));
      result.insert(result.end(), p.begin(), p.begin() + size);
    }
    return result;
  }
  template <typename T>
  std::vector<T> distinct(int size, T upper) {
    if (size < 0) xinao_tl::fail("random_t::distinct expected size >= 0");
    if (size == 0) return std::vector<T>();
    if (upper <= 0) xinao_tl::fail("random_t::distinct expected upper > 0");
    if (size > upper) xinao_tl::fail("random_t::distinct expected size <= upper");
    return distinct(size, T(0), upper - 1);
  }

  /* `size` integers ≥ min_part summing to `sum`, unordered. */
  template <typename T>
  std::vector<T> partition(int size, T sum, T min_part) {
    if (size < 0) xinao_tl::fail("random_t::partition: size < 0");
    if (size == 0 && sum != 0) xinao_tl::fail("random_t::partition: size == 0 && sum != 0");
    if (min_part * size > sum) xinao_tl::fail("random_t::partition: min_part * size > sum");
    if (size == 0) return std::vector<T>();
    sum -= min_part * size;
    std::vector<T> cuts(size_t(size), T(0));
    std::vector<T> d = distinct(size - 1, T(1), T(sum + size - 1));
    for (int i = 0; i + 1 < size; i++) cuts[size_t(i) + 1] = d[size_t(i)];
    std::sort(cuts.begin(), cuts.end());
    std::vector<T> result(static_cast<size_t>(size));
    for (int i = 0; i + 1 < size; i++) result[size_t(i)] = cuts[size_t(i) + 1] - cuts[size_t(i)] - 1;
    result[size_t(size) - 1] = sum + size - 1 - cuts.back();
    for (T &x : result) x += min_part;
    return result;
  }
  template <typename T>
  std::vector<T> partition(int size, T sum) {
    return partition(size, sum, T(1));
  }

 private:
  static constexpr unsigned long long kMul = 0x5DEECE66DULL;
  static constexpr unsigned long long kAdd = 0xBULL;
  static constexpr unsigned long long kMask = (1ULL << 48) - 1;
  static constexpr int kLim = 25;
  unsigned long long seed_;

  long long bits(int n) {
    if (n <= 48) {
      seed_ = (seed_ * kMul + kAdd) & kMask;
      return static_cast<long long>(seed_ >> (48 - n));
    }
    if (n > 63) xinao_tl::fail("random_t::nextBits(int bits): n must be less than 64");
    int low = version == 0 ? 31 : 32;
    long long left = bits(31) << 32;
    long long right = bits(low);
    return left ^ right;
  }
  double powerLaw(int type) {
    return type > 0 ? std::pow(next() + 0.0, 1.0 / (type + 1)) : 1 - std::pow(next() + 0.0, 1.0 / (-type + 1));
  }
  template <typename T>
  static T crop(T v, T a, T b) {
    return std::min(std::max(v, a), --b);
  }
  static double crop(double v, double a, double b) {
    v = std::min(std::max(v, a), b);
    if (v >= b) v = std::nexttoward(b, a);
    return v;
  }
};
inline int random_t::version = -1;
inline random_t rnd;

/* Stable across compilers (unlike std::shuffle): uses rnd. */
template <typename It>
void shuffle(It first, It last) {
  if (first == last) return;
  for (It i = first + 1; i != last; ++i) std::iter_swap(i, first + rnd.next(int(i - first) + 1));
}

/* ─────────────────────────────────── pattern ───────────────────────────────────
 * testlib's small regular-expression language:
 *   a [abc] [a-z0-9] [^0-9]   one character from a set (\ escapes; unescaped spaces are ignored)
 *   x?  x*  x+  x{n}  x{n,m}  repetition of the preceding character or set
 *   p|q                       alternatives;   (p)   a group (only as a whole alternative/suffix)
 * Matching is greedy without backtracking, exactly like testlib: a repetition takes as many
 * characters as the set allows (capped at its maximum) and never gives any back, so
 * "[0-9]?1" does not match "1". Patterns are compiled once into a tree of nodes; each node is
 * "a character set repeated from..to times, then one of the children". */
class pattern {
 public:
  pattern(std::string s);
  bool matches(const std::string &s) const { return matches(s, 0); }
  std::string src() const { return src_; }
  std::string next(random_t &rnd) const;

 private:
  bool matches(const std::string &s, size_t pos) const;
  std::string src_;
  std::vector<pattern> children_;
  std::vector<char> chars_; /* sorted as testlib sorts them (signed char), duplicates kept */
  int from_ = 0;
  int to_ = 0;
};

namespace xinao_tl {
/* A metacharacter counts only when preceded by an even number of backslashes. */
inline bool isCommand(const std::string &s, size_t pos, char c) {
  if (pos >= s.size()) return false;
  size_t slashes = 0;
  while (slashes < pos && s[pos - 1 - slashes] == '\\') slashes++;
  return slashes % 2 == 0 && s[pos] == c;
}
inline char patternChar(const std::string &s, size_t &pos) {
  pos += s[pos] == '\\' ? 2 : 1;
  return s[pos - 1];
}
NORETURN inline void badPattern(const std::string &s) { fail("pattern: Illegal pattern (or part) \"" + s + "\""); }

inline std::vector<char> scanCharSet(const std::string &s, size_t &pos) {
  if (pos >= s.size()) badPattern(s);
  std::vector<char> set;
  if (!isCommand(s, pos, '[')) {
    set.push_back(patternChar(s, pos));
    return set;
  }
  pos++;
  bool negated = isCommand(s, pos, '^');
  if (negated) pos++;
  char prev = 0; /* the last single character, which a following '-' turns into a range start */
  while (pos < s.size() && !isCommand(s, pos, ']')) {
    if (isCommand(s, pos, '-') && prev != 0) {
      pos++;
      if (pos + 1 == s.size() || isCommand(s, pos, ']')) { /* trailing '-' is literal */
        set.push_back(prev);
        prev = '-';
        continue;
      }
      char last = patternChar(s, pos);
      if (prev > last) badPattern(s);
      for (char c = prev; c != last; c++) set.push_back(c);
      set.push_back(last);
      prev = 0;
    } else {
      if (prev != 0) set.push_back(prev);
      prev = patternChar(s, pos);
    }
  }
  if (prev != 0) set.push_back(prev);
  if (!isCommand(s, pos, ']')) badPattern(s);
  pos++;
  if (negated) { /* the complement within byte values 0..254, as in testlib */
    std::sort(set.begin(), set.end());
    std::vector<char> rest;
    for (int code = 0; code < 255; code++)
      if (!std::binary_search(set.begin(), set.end(), char(code))) rest.push_back(char(code));
    set = rest;
  }
  std::sort(set.begin(), set.end());
  return set;
}

inline void scanCounts(const std::string &s, size_t &pos, int &from, int &to) {
  from = to = 1;
  if (pos >= s.size()) return;
  if (isCommand(s, pos, '?')) {
    from = 0, to = 1, pos++;
  } else if (isCommand(s, pos, '*')) {
    from = 0, to = INT_MAX, pos++;
  } else if (isCommand(s, pos, '+')) {
    from = 1, to = INT_MAX, pos++;
  } else if (isCommand(s, pos, '{')) {
    std::vector<std::string> parts;
    std::string cur;
    pos++;
    while (pos < s.size() && !isCommand(s, pos, '}')) {
      if (isCommand(s, pos, ','))
        parts.push_back(cur), cur.clear(), pos++;
      else
        cur += patternChar(s, pos);
    }
    if (!cur.empty()) parts.push_back(cur); /* so "{3,}" means exactly 3, as in testlib */
    if (!isCommand(s, pos, '}')) badPattern(s);
    pos++;
    if (parts.empty() || parts.size() > 2) badPattern(s);
    int numbers[2] = {0, 0};
    for (size_t i = 0; i < parts.size(); i++)
      if (parts[i].empty() || std::sscanf(parts[i].c_str(), "%d", &numbers[i]) != 1) badPattern(s);
    from = numbers[0];
    to = parts.size() == 1 ? numbers[0] : numbers[1];
    if (from > to) badPattern(s);
  }
}
}  // namespace xinao_tl

inline pattern::pattern(std::string s) : src_(s) {
  using xinao_tl::isCommand;
  std::string t;
  for (size_t i = 0; i < s.size(); i++)
    if (!isCommand(s, i, ' ')) t += s[i];
  s = t;

  int depth = 0, firstClose = -1;
  std::vector<size_t> bars; /* top-level '|' positions */
  for (size_t i = 0; i < s.size(); i++) {
    if (isCommand(s, i, '(')) {
      depth++;
      continue;
    }
    if (isCommand(s, i, ')')) {
      if (--depth == 0 && firstClose == -1) firstClose = int(i);
      continue;
    }
    if (depth < 0) xinao_tl::badPattern(s);
    if (isCommand(s, i, '|') && depth == 0) bars.push_back(i);
  }
  if (depth != 0) xinao_tl::badPattern(s);

  if (bars.empty() && firstClose + 1 == int(s.size()) && isCommand(s, 0, '(') && isCommand(s, s.size() - 1, ')')) {
    children_.push_back(pattern(s.substr(1, s.size() - 2))); /* "(…)" as a whole */
  } else if (!bars.empty()) {
    size_t start = 0;
    bars.push_back(s.size());
    for (size_t bar : bars) {
      children_.push_back(pattern(s.substr(start, bar - start)));
      start = bar + 1;
    }
  } else {
    size_t pos = 0;
    chars_ = xinao_tl::scanCharSet(s, pos);
    xinao_tl::scanCounts(s, pos, from_, to_);
    if (pos < s.size()) children_.push_back(pattern(s.substr(pos)));
  }
}

inline bool pattern::matches(const std::string &s, size_t pos) const {
  if (to_ > 0) {
    size_t taken = 0;
    while (pos + taken < s.size() && std::binary_search(chars_.begin(), chars_.end(), s[pos + taken])) taken++;
    if (taken < size_t(from_)) return false;
    pos += std::min(taken, size_t(to_));
  }
  if (children_.empty()) return pos == s.size();
  for (const pattern &child : children_)
    if (child.matches(s, pos)) return true;
  return false;
}

inline std::string pattern::next(random_t &r) const {
  if (to_ == INT_MAX) xinao_tl::fail("pattern::next(random_t& rnd): can't process character '*' for generation");
  std::string out;
  if (to_ > 0) {
    int count = r.next(to_ - from_ + 1) + from_;
    for (int i = 0; i < count; i++) out += chars_[size_t(r.next(int(chars_.size())))];
  }
  if (!children_.empty()) out += children_[size_t(r.next(int(children_.size())))].next(r);
  return out;
}

inline std::string random_t::next(const std::string &ptrn) { return pattern(ptrn).next(*this); }
inline std::string random_t::next(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string p = xinao_tl::vformat(fmt, ap);
  va_end(ap);
  return next(p);
}

/* ─────────────────────────────────── InStream ───────────────────────────────────
 * A stream over one of the files. Files are read whole into memory (testlib refuses files over
 * maxFileSize = 128 MiB anyway); the interactor's `ouf` reads the program's stdin byte by byte,
 * never ahead of what the program has written. EOF is -1 internally; reading at EOF stays at EOF. */

namespace xinao_tl {
const int kEof = -1;
}

class InStream {
 public:
  InStream() = default;
  /* A stream over a string, inheriting the mode (and so the verdict rules) of `base`. */
  InStream(const InStream &base, std::string content)
      : name("based on " + base.name), mode(base.mode), strict(base.strict), data_(std::move(content)), opened_(true) {}
  InStream(const InStream &) = delete;
  InStream &operator=(const InStream &) = delete;

  std::string name;
  TMode mode = _input;
  bool strict = false;
  size_t maxFileSize = 128 * 1024 * 1024;
  size_t maxTokenLength = 32 * 1024 * 1024;
  size_t maxMessageLength = 32000;

  static const int NO_INDEX = INT_MAX;

  /* ── setup (called by the register functions) ── */
  void init(const std::string &fileName, TMode m);
  void init(std::FILE *f, TMode m);
  void skipBom();
  void close() {
    opened_ = false;
    data_.clear();
    pos_ = 0;
    if (file_ && file_ != stdin) std::fclose(file_);
    file_ = nullptr;
  }

  /* ── characters ── */
  char curChar() { return char(cur()); }
  char nextChar() { return char(take()); }
  char readChar() { return nextChar(); }
  char readChar(char c) {
    char found = readChar();
    if (c != found) {
      if (!xinao_tl::isEolnChar(found))
        quit(_pe, ("Unexpected character '" + std::string(1, found) + "', but '" + std::string(1, c) + "' expected").c_str());
      quit(_pe, ("Unexpected character #" + vtos(int(found)) + ", but '" + std::string(1, c) + "' expected").c_str());
    }
    return found;
  }
  char readSpace() { return readChar(' '); }
  void unreadChar(char c) { unread((unsigned char)c); }
  void skipChar() { take(); }
  void skipBlanks() {
    while (xinao_tl::isBlank(cur())) take();
  }

  /* ── end of file / end of line ── */
  bool eof() {
    if (!opened_) return true;
    return cur() == xinao_tl::kEof;
  }
  bool seekEof() {
    if (!opened_) return true;
    skipBlanks();
    return eof();
  }
  /* Consumes an end of line (LF, CR LF, or EOF in the lenient mode) when there is one. */
  bool eoln() {
    if (!opened_) return true;
    int c = take();
    if (!strict) {
      if (c == xinao_tl::kEof || c == LF) return true;
      if (c == CR) {
        int d = take();
        if (d == LF) return true;
        unread(d);
        unread(CR);
        return false;
      }
      unread(c);
      return false;
    }
    if (c != LF) {
      unread(c);
      return false;
    }
    return true;
  }
  bool seekEoln() {
    if (!opened_) return true;
    int c;
    do c = take();
    while (c == SPACE || c == TAB);
    unread(c);
    return eoln();
  }
  void readEoln() {
    if (!eoln()) quit(_pe, "Expected EOLN");
  }
  void readEof() {
    if (!eof()) quit(_pe, "Expected EOF");
  }
  void nextLine() { readLine(); }

  /* ── tokens ── */
  void readWordTo(std::string &result) {
    if (!strict) skipBlanks();
    int c = take();
    if (c == xinao_tl::kEof) quit(_unexpected_eof, "Unexpected end of file - token expected");
    if (xinao_tl::isBlank(c)) quit(_pe, "Unexpected white-space - token expected");
    result.clear();
    while (!(xinao_tl::isBlank(c) || c == xinao_tl::kEof)) {
      result += char(c);
      if (result.size() > maxTokenLength)
        quitf(_pe, "Length of token exceeds %d, token is '%s...'", int(maxTokenLength), xinao_tl::part(result).c_str());
      c = take();
    }
    unread(c);
    if (result.empty()) quit(_unexpected_eof, "Unexpected end of file or white-space - token expected");
  }
  void readTokenTo(std::string &result) { readWordTo(result); }
  std::string readWord() {
    std::string s;
    readWordTo(s);
    return s;
  }
  std::string readToken() { return readWord(); }

  void readWordTo(std::string &result, const pattern &p, const std::string &variableName = "") {
    readWordTo(result);
    checkPattern(result, p, variableName, "Token");
  }
  void readWordTo(std::string &result, const std::string &ptrn, const std::string &variableName = "") {
    readWordTo(result, pattern(ptrn), variableName);
  }
  void readTokenTo(std::string &result, const pattern &p, const std::string &variableName = "") {
    readWordTo(result, p, variableName);
  }
  void readTokenTo(std::string &result, const std::string &ptrn, const std::string &variableName = "") {
    readWordTo(result, ptrn, variableName);
  }
  std::string readWord(const pattern &p, const std::string &variableName = "") {
    std::string s;
    readWordTo(s);
    checkPattern(s, p, variableName, "Token");
    return s;
  }
  std::string readWord(const std::string &ptrn, const std::string &variableName = "") {
    return readWord(pattern(ptrn), variableName);
  }
  std::string readToken(const pattern &p, const std::string &variableName = "") { return readWord(p, variableName); }
  std::string readToken(const std::string &ptrn, const std::string &variableName = "") {
    return readWord(ptrn, variableName);
  }

  std::vector<std::string> readWords(int size, int indexBase = 1) {
    return readMany<std::string>("readWords", size, indexBase, true, [&] { return readWord(); });
  }
  std::vector<std::string> readWords(int size, const pattern &p, const std::string &variablesName = "", int indexBase = 1) {
    return readMany<std::string>("readWords", size, indexBase, true, [&] { return readWord(p, variablesName); });
  }
  std::vector<std::string> readWords(int size, const std::string &ptrn, const std::string &variablesName = "",
                                     int indexBase = 1) {
    pattern p(ptrn);
    return readWords(size, p, variablesName, indexBase);
  }
  std::vector<std::string> readTokens(int size, int indexBase = 1) {
    return readMany<std::string>("readTokens", size, indexBase, true, [&] { return readToken(); });
  }
  std::vector<std::string> readTokens(int size, const pattern &p, const std::string &variablesName = "",
                                      int indexBase = 1) {
    return readMany<std::string>("readTokens", size, indexBase, true, [&] { return readToken(p, variablesName); });
  }
  std::vector<std::string> readTokens(int size, const std::string &ptrn, const std::string &variablesName = "",
                                      int indexBase = 1) {
    pattern p(ptrn);
    return readTokens(size, p, variablesName, indexBase);
  }

  /* ── integers ── */
  int readInteger() {
    if (!strict && seekEof()) quit(_unexpected_eof, "Unexpected end of file - int32 expected");
    std::string t;
    readWordTo(t);
    long long v = parseLong(t);
    if (v < INT_MIN || v > INT_MAX) quit(_pe, ("Expected int32, but \"" + xinao_tl::part(t) + "\" found").c_str());
    return int(v);
  }
  int readInt() { return readInteger(); }
  long long readLong() {
    if (!strict && seekEof()) quit(_unexpected_eof, "Unexpected end of file - int64 expected");
    std::string t;
    readWordTo(t);
    return parseLong(t);
  }
  unsigned long long readUnsignedLong() {
    if (!strict && seekEof()) quit(_unexpected_eof, "Unexpected end of file - int64 expected");
    std::string t;
    readWordTo(t);
    return parseUnsignedLong(t);
  }
  int readInt(int minv, int maxv, const std::string &variableName = "") {
    int v = readInt();
    if (v < minv || v > maxv) rangeError("Integer", vtos(v), toHumanReadableString(minv), toHumanReadableString(maxv), variableName);
    return v;
  }
  int readInteger(int minv, int maxv, const std::string &variableName = "") { return readInt(minv, maxv, variableName); }
  long long readLong(long long minv, long long maxv, const std::string &variableName = "") {
    long long v = readLong();
    if (v < minv || v > maxv) rangeError("Integer", vtos(v), toHumanReadableString(minv), toHumanReadableString(maxv), variableName);
    return v;
  }
  unsigned long long readUnsignedLong(unsigned long long minv, unsigned long long maxv, const std::string &variableName = "") {
    unsigned long long v = readUnsignedLong();
    if (v < minv || v > maxv)
      rangeError("Unsigned integer", vtos(v), toHumanReadableString(minv), toHumanReadableString(maxv), variableName);
    return v;
  }
  unsigned long long readLong(unsigned long long minv, unsigned long long maxv, const std::string &variableName = "") {
    return readUnsignedLong(minv, maxv, variableName);
  }

  std::vector<int> readInts(int size, int indexBase = 1) {
    return readMany<int>("readInts", size, indexBase, true, [&] { return readInt(); });
  }
  std::vector<int> readInts(int size, int minv, int maxv, const std::string &variablesName = "", int indexBase = 1) {
    return readMany<int>("readInts", size, indexBase, true, [&] { return readInt(minv, maxv, variablesName); });
  }
  std::vector<int> readIntegers(int size, int indexBase = 1) {
    return readMany<int>("readIntegers", size, indexBase, true, [&] { return readInt(); });
  }
  std::vector<int> readIntegers(int size, int minv, int maxv, const std::string &variablesName = "", int indexBase = 1) {
    return readMany<int>("readIntegers", size, indexBase, true, [&] { return readInt(minv, maxv, variablesName); });
  }
  std::vector<long long> readLongs(int size, int indexBase = 1) {
    return readMany<long long>("readLongs", size, indexBase, true, [&] { return readLong(); });
  }
  std::vector<long long> readLongs(int size, long long minv, long long maxv, const std::string &variablesName = "",
                                   int indexBase = 1) {
    return readMany<long long>("readLongs", size, indexBase, true, [&] { return readLong(minv, maxv, variablesName); });
  }
  std::vector<unsigned long long> readUnsignedLongs(int size, int indexBase = 1) {
    return readMany<unsigned long long>("readUnsignedLongs", size, indexBase, true, [&] { return readUnsignedLong(); });
  }
  std::vector<unsigned long long> readUnsignedLongs(int size, unsigned long long minv, unsigned long long maxv,
                                                    const std::string &variablesName = "", int indexBase = 1) {
    return readMany<unsigned long long>("readUnsignedLongs", size, indexBase, true,
                                        [&] { return readUnsignedLong(minv, maxv, variablesName); });
  }

  /* ── reals ── */
  double readReal() {
    if (!strict && seekEof()) quit(_unexpected_eof, "Unexpected end of file - double expected");
    return parseDouble(readWord());
  }
  double readDouble() { return readReal(); }
  double readReal(double minv, double maxv, const std::string &variableName = "") {
    double v = readReal();
    if (v < minv || v > maxv) rangeError("Double", vtos(v), vtos(minv), vtos(maxv), variableName);
    return v;
  }
  double readDouble(double minv, double maxv, const std::string &variableName = "") {
    return readReal(minv, maxv, variableName);
  }
  /* A plain decimal: optional '-', no leading zeros, between minAfterPointDigitCount and
   * maxAfterPointDigitCount digits after the point, no exponent. */
  double readStrictReal(double minv, double maxv, int minAfterPointDigitCount, int maxAfterPointDigitCount,
                        const std::string &variableName = "") {
    if (!strict && seekEof()) quit(_unexpected_eof, "Unexpected end of file - strict double expected");
    double v = parseStrictDouble(readWord(), minAfterPointDigitCount, maxAfterPointDigitCount);
    if (v < minv || v > maxv) rangeError("Strict double", vtos(v), vtos(minv), vtos(maxv), variableName);
    return v;
  }
  double readStrictDouble(double minv, double maxv, int minAfterPointDigitCount, int maxAfterPointDigitCount,
                          const std::string &variableName = "") {
    return readStrictReal(minv, maxv, minAfterPointDigitCount, maxAfterPointDigitCount, variableName);
  }

  std::vector<double> readReals(int size, int indexBase = 1) {
    return readMany<double>("readReals", size, indexBase, true, [&] { return readReal(); });
  }
  std::vector<double> readReals(int size, double minv, double maxv, const std::string &variablesName = "", int indexBase = 1) {
    return readMany<double>("readReals", size, indexBase, true, [&] { return readReal(minv, maxv, variablesName); });
  }
  std::vector<double> readDoubles(int size, int indexBase = 1) {
    return readMany<double>("readDoubles", size, indexBase, true, [&] { return readDouble(); });
  }
  std::vector<double> readDoubles(int size, double minv, double maxv, const std::string &variablesName = "",
                                  int indexBase = 1) {
    return readMany<double>("readDoubles", size, indexBase, true, [&] { return readDouble(minv, maxv, variablesName); });
  }
  std::vector<double> readStrictReals(int size, double minv, double maxv, int minAfter, int maxAfter,
                                      const std::string &variablesName = "", int indexBase = 1) {
    return readMany<double>("readStrictReals", size, indexBase, true,
                            [&] { return readStrictReal(minv, maxv, minAfter, maxAfter, variablesName); });
  }
  std::vector<double> readStrictDoubles(int size, double minv, double maxv, int minAfter, int maxAfter,
                                        const std::string &variablesName = "", int indexBase = 1) {
    return readMany<double>("readStrictDoubles", size, indexBase, true,
                            [&] { return readStrictDouble(minv, maxv, minAfter, maxAfter, variablesName); });
  }

  /* ── lines ──
   * A line ends at LF, CR LF or EOF; the end of line is consumed. At EOF the line is empty (no
   * error). A CR not followed by LF is dropped and the next byte taken as is — testlib's rule,
   * which at EOF appends the byte 0xFF; kept so that checkers see the same line. */
  void readStringTo(std::string &result) {
    if (!opened_) quit(_pe, "Expected line");
    result.clear();
    for (;;) {
      int c = cur();
      if (c == LF || c == xinao_tl::kEof) break;
      if (c == CR) {
        take();
        if (cur() == LF) {
          unread(CR);
          break;
        }
      }
      int b = take();
      result += b == xinao_tl::kEof ? char(EOFC) : char(b);
    }
    if (strict)
      readEoln();
    else
      eoln();
  }
  std::string readString() {
    std::string s;
    readStringTo(s);
    return s;
  }
  void readLineTo(std::string &result) { readStringTo(result); }
  std::string readLine() { return readString(); }
  void readStringTo(std::string &result, const pattern &p, const std::string &variableName = "") {
    readStringTo(result);
    checkPattern(result, p, variableName, "Line");
  }
  void readStringTo(std::string &result, const std::string &ptrn, const std::string &variableName = "") {
    readStringTo(result, pattern(ptrn), variableName);
  }
  std::string readString(const pattern &p, const std::string &variableName = "") {
    std::string s;
    readStringTo(s, p, variableName);
    return s;
  }
  std::string readString(const std::string &ptrn, const std::string &variableName = "") {
    return readString(pattern(ptrn), variableName);
  }
  void readLineTo(std::string &result, const pattern &p, const std::string &variableName = "") {
    readStringTo(result, p, variableName);
  }
  void readLineTo(std::string &result, const std::string &ptrn, const std::string &variableName = "") {
    readStringTo(result, ptrn, variableName);
  }
  std::string readLine(const pattern &p, const std::string &variableName = "") { return readString(p, variableName); }
  std::string readLine(const std::string &ptrn, const std::string &variableName = "") {
    return readString(ptrn, variableName);
  }
  std::vector<std::string> readStrings(int size, int indexBase = 1) {
    return readMany<std::string>("readStrings", size, indexBase, false, [&] { return readString(); });
  }
  std::vector<std::string> readStrings(int size, const pattern &p, const std::string &variablesName = "",
                                       int indexBase = 1) {
    return readMany<std::string>("readStrings", size, indexBase, false, [&] { return readString(p, variablesName); });
  }
  std::vector<std::string> readStrings(int size, const std::string &ptrn, const std::string &variablesName = "",
                                       int indexBase = 1) {
    pattern p(ptrn);
    return readStrings(size, p, variablesName, indexBase);
  }
  std::vector<std::string> readLines(int size, int indexBase = 1) {
    return readMany<std::string>("readLines", size, indexBase, false, [&] { return readString(); });
  }
  std::vector<std::string> readLines(int size, const pattern &p, const std::string &variablesName = "", int indexBase = 1) {
    return readMany<std::string>("readLines", size, indexBase, false, [&] { return readString(p, variablesName); });
  }
  std::vector<std::string> readLines(int size, const std::string &ptrn, const std::string &variablesName = "",
                                     int indexBase = 1) {
    pattern p(ptrn);
    return readLines(size, p, variablesName, indexBase);
  }

  /* ── verdicts through a stream: on inf/ans anything but FAIL becomes FAIL naming the file ── */
  NORETURN void quit(TResult result, const char *msg);
  NORETURN void quits(TResult result, std::string msg) { quit(result, msg.c_str()); }
  XINAO_PRINTF(3, 4) NORETURN void quitf(TResult result, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    std::string m = xinao_tl::vformat(fmt, ap);
    va_end(ap);
    quit(result, m.c_str());
  }
  XINAO_PRINTF(4, 5) void quitif(bool condition, TResult result, const char *fmt, ...) {
    if (!condition) return;
    va_list ap;
    va_start(ap, fmt);
    std::string m = xinao_tl::vformat(fmt, ap);
    va_end(ap);
    quit(result, m.c_str());
  }
  /* WA on ouf, FAIL on inf/ans. */
  XINAO_PRINTF(3, 4) void ensuref(bool cond, const char *fmt, ...) {
    if (cond) return;
    va_list ap;
    va_start(ap, fmt);
    std::string m = xinao_tl::vformat(fmt, ap);
    va_end(ap);
    quit(_wa, m.c_str());
  }
  void xinao_ensure_(bool cond, const std::string &message) {
    if (!cond) quit(_wa, message.c_str());
  }

 private:
  std::string data_;
  size_t pos_ = 0;
  std::FILE *file_ = nullptr; /* set for stdin (interactor): read byte by byte */
  std::vector<int> back_;     /* pushed-back bytes of file_ */
  bool fileEof_ = false;
  bool opened_ = false;
  int readManyIteration_ = NO_INDEX;

  int cur() {
    int c = take();
    unread(c);
    return c;
  }
  int take() {
    if (file_) {
      if (!back_.empty()) {
        int c = back_.back();
        back_.pop_back();
        return c;
      }
      if (fileEof_) return xinao_tl::kEof;
      int c = std::getc(file_);
      if (c == EOF) {
        fileEof_ = true;
        return xinao_tl::kEof;
      }
      return c;
    }
    if (pos_ >= data_.size()) return xinao_tl::kEof; /* stays at EOF */
    return static_cast<unsigned char>(data_[pos_++]);
  }
  void unread(int c) {
    if (c == xinao_tl::kEof) return; /* reading at EOF did not move */
    if (file_) {
      back_.push_back(c);
      return;
    }
    if (pos_ > 0) data_[--pos_] = char(c);
  }

  template <typename T, typename F>
  std::vector<T> readMany(const char *what, int size, int indexBase, bool spaced, F readOne) {
    if (size < 0) quit(_fail, (std::string(what) + ": size should be non-negative.").c_str());
    if (size > 100000000) quit(_fail, (std::string(what) + ": size should be at most 100000000.").c_str());
    std::vector<T> out(static_cast<size_t>(size));
    readManyIteration_ = indexBase;
    for (int i = 0; i < size; i++) {
      out[size_t(i)] = readOne();
      readManyIteration_++;
      if (strict && spaced && i + 1 < size) readSpace();
    }
    readManyIteration_ = NO_INDEX;
    return out;
  }

  /* "<What> 5 violates the range [1, 10^9]", with the variable's name and/or the element index when known. */
  NORETURN void rangeError(const std::string &what, const std::string &value, const std::string &lo,
                           const std::string &hi, const std::string &variable) {
    std::string range = "[" + lo + ", " + hi + "]";
    std::string m;
    if (readManyIteration_ == NO_INDEX)
      m = variable.empty() ? what + " " + value + " violates the range " + range
                       : what + " parameter [name=" + variable + "] equals to " + value + ", violates the range " + range;
    else
      m = variable.empty() ? what + " element [index=" + vtos(readManyIteration_) + "] equals to " + value +
                             ", violates the range " + range
                       : what + " element " + variable + "[" + vtos(readManyIteration_) + "] equals to " + value +
                             ", violates the range " + range;
    quit(_wa, m.c_str());
  }

  void checkPattern(const std::string &value, const pattern &p, const std::string &variable, const std::string &what) {
    if (p.matches(value)) return;
    std::string v = xinao_tl::part(value);
    std::string m;
    bool indexed = readManyIteration_ != NO_INDEX;
    if (!indexed)
      m = variable.empty() ? what + " \"" + v + "\" doesn't correspond to pattern \"" + p.src() + "\""
                       : (what == "Token" ? "Token parameter" : "Line") + std::string(" [name=") + variable +
                             "] equals to \"" + v + "\", doesn't correspond to pattern \"" + p.src() + "\"";
    else
      m = variable.empty() ? what + " element [index=" + vtos(readManyIteration_) + "] equals to \"" + v +
                             "\" doesn't correspond to pattern \"" + p.src() + "\""
                       : what + " element " + variable + "[" + vtos(readManyIteration_) + "] equals to \"" + v +
                             "\", doesn't correspond to pattern \"" + p.src() + "\"";
    quit(_wa, m.c_str());
  }

  NORETURN void notA(const char *what, const std::string &t, bool nul = false) {
    quit(_pe, ("Expected " + std::string(what) + ", but \"" + xinao_tl::part(t) + "\" found" +
               (nul ? " (it contains \\0)" : ""))
                  .c_str());
  }

 public:
  /* Token → integer with testlib's rules: optional '-' (not on 0), no '+', no leading zeros, at
   * most 20 characters, must fit in int64. Public because checkers call stringToLongLong. */
  long long parseLong(const std::string &t) {
    if (t.find('\0') != std::string::npos) notA("integer", t, true);
    if (t.empty() || t.size() > 20) notA("integer", t);
    bool minus = t.size() > 1 && t[0] == '-';
    size_t i = minus ? 1 : 0;
    for (size_t k = i; k < t.size(); k++)
      if (t[k] < '0' || t[k] > '9') notA("integer", t);
    size_t zeros = 0;
    while (i + zeros < t.size() && t[i + zeros] == '0') zeros++;
    /* Accumulate negatively so that −2^63 fits. */
    long long v = 0;
    for (size_t k = i; k < t.size(); k++) {
      int d = t[k] - '0';
      if (v < (LLONG_MIN + d) / 10) notA("integer", t);
      v = v * 10 - d;
    }
    if (!minus) {
      if (v == LLONG_MIN) notA("integer", t);
      v = -v;
    }
    if ((zeros > 0 && (v != 0 || minus)) || zeros > 1) notA("integer", t);
    return v;
  }
  unsigned long long parseUnsignedLong(const std::string &t) {
    if (t.find('\0') != std::string::npos) notA("unsigned integer", t, true);
    if (t.empty() || t.size() > 20 || (t.size() > 1 && t[0] == '0')) notA("unsigned integer", t);
    unsigned long long v = 0;
    for (char ch : t) {
      if (ch < '0' || ch > '9') notA("unsigned integer", t);
      unsigned d = unsigned(ch - '0');
      if (v > (ULLONG_MAX - d) / 10) notA("unsigned integer", t);
      v = v * 10 + d;
    }
    return v;
  }
  /* The C library's scanf reading of a number, which must take the whole token. scanf, not strtod:
   * glibc's scanf also swallows a dangling exponent ("1.5e", "2e+"), and testlib accepts those. */
  static bool scanWhole(const std::string &t, double &v) {
    int used = -1;
    return std::sscanf(t.c_str(), "%lf%n", &v, &used) == 1 && used == int(t.size());
  }
  /* Token → double: only digits . e E + - allowed; at least one digit, at most one point and one
   * exponent, ≤ 2 signs of each kind; the whole token must scan; NaN refused, overflow gives
   * ±inf (accepted, as in testlib). */
  double parseDouble(const std::string &t) {
    if (t.find('\0') != std::string::npos) notA("double", t, true);
    int minus = 0, plus = 0, points = 0, digits = 0, exps = 0;
    for (char c : t) {
      if (c >= '0' && c <= '9')
        digits++;
      else if (c == 'e' || c == 'E')
        exps++;
      else if (c == '-')
        minus++;
      else if (c == '+')
        plus++;
      else if (c == '.')
        points++;
      else
        notA("double", t);
    }
    if (digits == 0 || minus > 2 || plus > 2 || points > 1 || exps > 1) notA("double", t);
    double v;
    if (!scanWhole(t, v) || xinao_tl::isNaN(v)) notA("double", t);
    return v;
  }
  double parseStrictDouble(const std::string &t, int minAfter, int maxAfter) {
    if (t.find('\0') != std::string::npos) notA("double", t, true);
    if (minAfter < 0) quit(_fail, "stringToStrictDouble: minAfterPointDigitCount should be non-negative.");
    if (minAfter > maxAfter)
      quit(_fail, "stringToStrictDouble: minAfterPointDigitCount should be less or equal to maxAfterPointDigitCount.");
    size_t n = t.size();
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    if (n == 0 || n > 1000 || (t[0] != '-' && !digit(t[0]))) notA("strict double", t);
    int point = -1;
    for (size_t i = 1; i + 1 < n; i++) {
      if (t[i] == '.') {
        if (point > -1) notA("strict double", t);
        point = int(i);
      }
      if (t[i] != '.' && !digit(t[i])) notA("strict double", t);
    }
    if (!digit(t[n - 1])) notA("strict double", t);
    int after = point == -1 ? 0 : int(n) - point - 1;
    if (after < minAfter || after > maxAfter)
      quit(_pe, ("Expected strict double with number of digits after point in range [" + vtos(minAfter) + "," +
                 vtos(maxAfter) + "], but \"" + xinao_tl::part(t) + "\" found")
                    .c_str());
    int first = -1;
    for (size_t i = 0; i < n; i++)
      if (digit(t[i])) {
        first = int(i);
        break;
      }
    if (first > 1 || first == -1) notA("strict double", t);
    if (t[size_t(first)] == '0' && first + 1 < int(n) && digit(t[size_t(first) + 1])) notA("strict double", t);
    double v;
    if (!scanWhole(t, v) || xinao_tl::isNaN(v) || xinao_tl::isInfinite(v)) notA("double", t);
    if (t[0] == '-' && v >= 0) quit(_pe, ("Redundant minus in \"" + xinao_tl::part(t) + "\" found").c_str());
    return v;
  }
};

/* ───────────────────────────────── the streams ───────────────────────────────── */

inline InStream inf;
inline InStream ouf;
inline InStream ans;
/* Interactor: the output file a checker reads afterwards. */
inline std::fstream tout;

/* testlib's free conversion functions (checkers call them on tokens they read themselves). */
static inline long long stringToLongLong(InStream &in, const std::string &buffer) { return in.parseLong(buffer); }
static inline unsigned long long stringToUnsignedLongLong(InStream &in, const std::string &buffer) {
  return in.parseUnsignedLong(buffer);
}
static inline double stringToDouble(InStream &in, const std::string &buffer) { return in.parseDouble(buffer); }
static inline double stringToStrictDouble(InStream &in, const std::string &buffer, int minAfter, int maxAfter) {
  return in.parseStrictDouble(buffer, minAfter, maxAfter);
}

/* ───────────────────────────────── quitting ───────────────────────────────── */

namespace xinao_tl {
inline int exitCode(TResult r) {
  switch (r) {
    case _ok: return OK_EXIT_CODE;
    case _wa: return WA_EXIT_CODE;
    case _pe: return PE_EXIT_CODE;
    case _fail: return FAIL_EXIT_CODE;
    case _dirt: return DIRT_EXIT_CODE;
    case _points: return POINTS_EXIT_CODE;
#ifdef ENABLE_UNEXPECTED_EOF
    case _unexpected_eof: return UNEXPECTED_EOF_EXIT_CODE;
#else
    case _unexpected_eof: return PE_EXIT_CODE;
#endif
    default: return r >= _partially ? PC_BASE_EXIT_CODE + (r - _partially) : FAIL_EXIT_CODE;
  }
}
inline const char *outcome(TResult r) {
  switch (r) {
    case _ok: return "accepted";
    case _wa: return "wrong-answer";
    case _pe: return "presentation-error";
    case _points: return "points";
    case _unexpected_eof: return "unexpected-eof";
    default: return r >= _partially ? "partially-correct" : "fail";
  }
}
/* The -appes result file is XML: escape markup, control characters become '.'. */
inline std::string xmlSafe(const std::string &m) {
  std::string out;
  for (char c : m) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '"') out += "&quot;";
    else if (c >= 0 && c <= 31) out += '.';
    else out += c;
  }
  return out;
}
}  // namespace xinao_tl

inline void InStream::quit(TResult result, const char *msg) {
  using namespace xinao_tl;
  state.quitting = true;
  std::string message = trim(msg);

  if (state.hasTestCase) {
    if (result != _ok && result != _points)
      message = appendMessage(message, "test case " + vtos(state.testCase));
    else
      message = appendMessage(message, vtos(state.testCase) + (state.testCase == 1 ? " test case" : " test cases"));
  }
  if (message.size() > maxMessageLength) {
    std::string warn = "message length exceeds " + vtos(maxMessageLength) + ", the message is truncated: ";
    message = warn + message.substr(0, maxMessageLength - warn.size());
  }
#ifndef ENABLE_UNEXPECTED_EOF
  if (result == _unexpected_eof) result = _pe;
#endif
  /* The jury's files are trusted: any complaint about inf or ans means the problem is broken. */
  if (mode != _output && result != _fail) quits(_fail, appendMessage(message, name));

  /* Accepting (fully or partly) requires nothing but blanks left in the contestant's output. */
  if ((result == _ok || result == _points || result >= _partially) && state.mode != _interactor && !ouf.seekEof())
    quit(_dirt, "Extra information in the output file");

  std::string prefix;
  switch (result) {
    case _ok: prefix = "ok "; break;
    case _wa: prefix = "wrong answer "; break;
    case _pe: prefix = "wrong output format "; break;
    case _fail: prefix = "FAIL "; break;
    case _dirt:
      prefix = "wrong output format ";
      result = _pe;
      break;
    case _points: prefix = "points "; break;
    case _unexpected_eof: prefix = "unexpected eof "; break;
    default:
      if (result < _partially) quit(_fail, "What is the code ??? ");
      prefix = format("partially correct (%d) ", int(result - _partially));
  }

  std::string shown = printable(message);
  if (!state.resultName.empty()) {
    std::FILE *f = std::fopen(state.resultName.c_str(), "w");
    if (!f) {
      state.resultName.clear();
      quit(_fail, "Can not write to the result file");
    }
    if (state.appesMode) {
      std::fprintf(f, "<?xml version=\"1.0\" encoding=\"%s\"?>", state.appesEncoding.c_str());
      if (result >= _partially) {
        std::fprintf(f, "<result outcome = \"%s\" pctype = \"%d\">", outcome(result), int(result - _partially));
      } else if (result != _points) {
        std::fprintf(f, "<result outcome = \"%s\">", outcome(result));
      } else {
        if (state.points == std::numeric_limits<float>::infinity()) quit(_fail, "Expected points, but infinity found");
        std::fprintf(f, "<result outcome = \"%s\" points = \"%s\">", outcome(result),
                     trimZeroes(format("%.10f", state.points)).c_str());
      }
      std::fputs(xmlSafe(shown).c_str(), f);
      std::fputs("</result>\n", f);
    } else {
      std::fputs(shown.c_str(), f);
    }
    if (std::fclose(f) != 0) {
      state.resultName.clear();
      quit(_fail, "Can not write to the result file");
    }
    /* With a result file, stderr gets only a pointer to it (testlib's behaviour). */
    std::fprintf(stderr, "\nSee file to check exit message\n");
  } else {
    std::fprintf(stderr, "%s%s\n", prefix.c_str(), shown.c_str());
  }
  if (tout.is_open()) tout.close();
  std::fflush(nullptr);
  if (state.atExit) std::_Exit(exitCode(result)); /* exit() must not be re-entered */
  std::exit(exitCode(result));
}

NORETURN inline void quit(TResult result, const std::string &msg) { ouf.quit(result, msg.c_str()); }
NORETURN inline void quit(TResult result, const char *msg) { ouf.quit(result, msg); }
XINAO_PRINTF(2, 3) NORETURN inline void quitf(TResult result, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string m = xinao_tl::vformat(fmt, ap);
  va_end(ap);
  quit(result, m);
}
XINAO_PRINTF(3, 4) inline void quitif(bool condition, TResult result, const char *fmt, ...) {
  if (!condition) return;
  va_list ap;
  va_start(ap, fmt);
  std::string m = xinao_tl::vformat(fmt, ap);
  va_end(ap);
  quit(result, m);
}

inline void xinao_tl::fail(const std::string &message) { quitf(_fail, "%s", message.c_str()); }

/* Points: 0 ≤ points ≤ 1e6 (tiny negatives round to 0); printed "%.10f" without trailing zeros
 * for doubles, "%d" for ints, then the message: "points 0.5 half right". */
namespace xinao_tl {
inline double preparePoints(double p) {
  volatile double v = p;
  if (isNaN(v)) quit(_fail, "Parameter 'points' can't be nan");
  if (isInfinite(v)) quit(_fail, "Parameter 'points' can't be infinite");
  if (v < -1E-8) quit(_fail, "Parameter 'points' can't be negative");
  if (v <= 0.0) v = +0.0;
  if (v > 1E6 + 1E-8) quit(_fail, "Parameter 'points' can't be greater than 1E6");
  if (v >= 1E6) v = 1E6;
  return v;
}
NORETURN inline void quitPoints(const std::string &value, const std::string &message) {
  quit(_points, message.empty() ? value : value + " " + message);
}
}  // namespace xinao_tl

NORETURN inline void quitp(double points, const std::string &message = "") {
  xinao_tl::state.points = xinao_tl::preparePoints(points);
  xinao_tl::quitPoints(xinao_tl::trimZeroes(format("%.10f", xinao_tl::state.points)), message);
}
NORETURN inline void quitp(float points, const std::string &message = "") { quitp(double(points), message); }
NORETURN inline void quitp(long double points, const std::string &message = "") { quitp(double(points), message); }
NORETURN inline void quitp(int points, const std::string &message = "") {
  xinao_tl::state.points = xinao_tl::preparePoints(points);
  xinao_tl::quitPoints(format("%d", points), message);
}
template <typename F>
XINAO_PRINTF(2, 3)
NORETURN void quitp(F points, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string m = xinao_tl::vformat(fmt, ap);
  va_end(ap);
  quitp(points, m);
}
/* Points information for a scorer (exit 7, "points points_info=…"); no numeric points. */
NORETURN inline void quitpi(const std::string &points_info, const std::string &message = "") {
  if (points_info.find(' ') != std::string::npos) quit(_fail, "Parameter 'points_info' can't contain spaces");
  quit(_points, "points_info=" + points_info + (message.empty() ? "" : " " + message));
}

/* ensure(cond): FAIL with the condition's text; inside a stream (ouf.ensure(x)) it is that
 * stream's WA/FAIL. ensuref: FAIL with a formatted message. */
inline void xinao_ensure_(bool cond, const std::string &message) {
  if (!cond) quit(_fail, message);
}
#define ensure(cond) xinao_ensure_((cond), "Condition failed: \"" #cond "\"")
#define STRINGIZE_DETAIL(x) (#x)
#define STRINGIZE(x) STRINGIZE_DETAIL((x))
#define ensure_ext(cond) xinao_ensure_((cond), "Line " STRINGIZE(__LINE__) ": Condition failed: \"" #cond "\"")
XINAO_PRINTF(2, 3) inline void ensuref(bool cond, const char *fmt, ...) {
  if (cond) return;
  va_list ap;
  va_start(ap, fmt);
  std::string m = xinao_tl::vformat(fmt, ap);
  va_end(ap);
  quit(_fail, m);
}

/* "expected 'x', but found 'y'" (doubles with 12 decimals, trailing zeros dropped). */
namespace xinao_tl {
NORETURN inline void expectedButFound(TResult r, const std::string &e, const std::string &f, const std::string &prefix) {
  if (!prefix.empty())
    quit(r, format("%s: expected '%s', but found '%s'", part(prefix).c_str(), part(e).c_str(), part(f).c_str()));
  quit(r, format("expected '%s', but found '%s'", part(e).c_str(), part(f).c_str()));
}
template <typename T>
std::string shown(const T &v) {
  return vtos(v);
}
inline std::string shown(const std::string &v) { return v; }
inline std::string shown(const char *v) { return v; }
inline std::string shown(double v) { return trimZeroes(format("%.12f", v)); }
inline std::string shown(float v) { return shown(double(v)); }
inline std::string shown(long double v) { return shown(double(v)); }
}  // namespace xinao_tl
/* (No printf attribute: the usual call has an empty format, which -Wformat-zero-length flags.) */
template <typename T>
NORETURN void expectedButFound(TResult result, T expected, T found, const char *prependFormat = "", ...) {
  va_list ap;
  va_start(ap, prependFormat);
  std::string prefix = xinao_tl::vformat(prependFormat, ap);
  va_end(ap);
  xinao_tl::expectedButFound(result, xinao_tl::shown(expected), xinao_tl::shown(found), prefix);
}

/* ───────────────────────────────── registration ───────────────────────────────── */

inline void InStream::init(const std::string &fileName, TMode m) {
  name = fileName;
  mode = m;
  opened_ = false;
  file_ = nullptr;
  std::FILE *f = std::fopen(fileName.c_str(), "rb");
  if (!f) {
    if (m == _output) quits(_pe, "Output file not found: \"" + fileName + "\"");
    if (m == _answer) quits(_fail, "Answer file not found: \"" + fileName + "\"");
    return; /* a missing input file reads as empty (testlib would crash reading it) */
  }
  /* Like testlib, refuse an oversized file before reading it; then read it whole, into a buffer of
   * exactly its size (a checker holds up to three files within its memory limit). */
  long size = -1;
  if (std::fseek(f, 0, SEEK_END) == 0) size = std::ftell(f);
  if (size > 0 && size_t(size) > maxFileSize) {
    std::fclose(f);
    quitf(_pe, "File size exceeds %d bytes, size is %d", int(maxFileSize), int(size));
  }
  std::rewind(f);
  std::string content;
  if (size > 0) content.reserve(size_t(size));
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) content.append(buf, n);
  std::fclose(f);
  data_ = std::move(content);
  pos_ = 0;
  opened_ = true;
}

inline void InStream::init(std::FILE *f, TMode m) {
  mode = m;
  name = f == stdin ? "stdin" : f == stdout ? "stdout" : f == stderr ? "stderr" : "untitled";
  file_ = f;
  opened_ = f != nullptr;
}

/* A UTF-8 byte-order mark at the start of the contestant's output is skipped (only there). */
inline void InStream::skipBom() {
  if (!file_ && data_.compare(0, 3, "\xEF\xBB\xBF") == 0 && pos_ == 0) pos_ = 3;
}

/* testlib's checker object: --testset/--group given on the command line. */
class Checker {
 public:
  void initialize() { initialized_ = true; }
  std::string testset() const {
    if (!initialized_) xinao_tl::fail("Checker should be initialized with registerTestlibCmd(argc, argv) instead of registerTestlibCmd() to support checker.testset()");
    return testset_;
  }
  std::string group() const {
    if (!initialized_) xinao_tl::fail("Checker should be initialized with registerTestlibCmd(argc, argv) instead of registerTestlibCmd() to support checker.group()");
    return group_;
  }
  void setTestset(const char *t) { testset_ = t; }
  void setGroup(const char *g) { group_ = g; }

 private:
  bool initialized_ = false;
  std::string testset_ = "tests";
  std::string group_;
};
inline Checker checker;

namespace xinao_tl {
/* A checker that returns from main without a verdict, or a program that never registered, is a
 * FAIL (testlib checks the same at exit). */
struct FinalizeGuard {
  ~FinalizeGuard() {
    if (state.quitting) return;
    state.atExit = true;
    if (state.mode == _checker) fail("Checker must end with quit or quitf call.");
    if (!state.registered) fail("Call register-function in the first line of the main (registerTestlibCmd or other similar)");
  }
};
inline FinalizeGuard finalizeGuard;

NORETURN inline void usage(const std::string &args) {
  quit(_fail, "Program must be run with the following arguments: " + args + "\nUse \"--help\" to get help information");
}
NORETURN inline void help() {
  std::fprintf(stderr, "Xinao testlib %s — testlib-compatible checker library\n", VERSION);
  std::fprintf(stderr, "Checker: <input-file> <output-file> <answer-file> [<report-file> [<-appes>]]\n");
  state.quitting = true;
  std::exit(FAIL_EXIT_CODE);
}
}  // namespace xinao_tl

inline void setAppesModeEncoding(std::string encoding) { xinao_tl::state.appesEncoding = lowerCase(encoding); }
inline void disableFinalizeGuard() { xinao_tl::state.quitting = true; }

/* checker <input> <output> <answer> [<result-file> [-appes]] (plus --testset/--group anywhere). */
inline void registerTestlibCmd(int argc, char *argv[]) {
  using xinao_tl::state;
  state.registered = true;
  state.mode = _checker;
  checker.initialize();
  std::vector<std::string> args(1, argc > 0 ? argv[0] : "checker");
  for (int i = 1; i < argc; i++) {
    if (!std::strcmp(argv[i], "--testset")) {
      if (i + 1 < argc && std::strlen(argv[i + 1]) > 0)
        checker.setTestset(argv[++i]);
      else
        quit(_fail, std::string("Expected testset after --testset command line parameter"));
    } else if (!std::strcmp(argv[i], "--group")) {
      if (i + 1 < argc)
        checker.setGroup(argv[++i]);
      else
        quit(_fail, std::string("Expected group after --group command line parameter"));
    } else {
      args.push_back(argv[i]);
    }
  }
  if (args.size() > 1 && args[1] == "--help") xinao_tl::help();
  if (args.size() < 4 || args.size() > 6)
    xinao_tl::usage("[--testset testset] [--group group] <input-file> <output-file> <answer-file> [<report-file> [<-appes>]]");
  if (args.size() >= 5) state.resultName = args[4];
  if (args.size() == 6) {
    if (args[5] != "-APPES" && args[5] != "-appes") {
      state.resultName.clear();
      quit(_fail, std::string("Program must be run with the following arguments: ") +
                      "<input-file> <output-file> <answer-file> [<report-file> [<-appes>]]");
    }
    state.appesMode = true;
  }
  inf.init(args[1], _input);
  ouf.init(args[2], _output);
  ouf.skipBom();
  ans.init(args[3], _answer);
}

/* interactor <input> <output> [<answer> [<result-file> [-appes]]]: inf = input file, ouf = the
 * program's output on stdin, stdout goes to the program, tout = the output file for a checker. */
inline void registerInteraction(int argc, char *argv[]) {
  using xinao_tl::state;
  state.registered = true;
  state.mode = _interactor;
  if (argc > 1 && !std::strcmp(argv[1], "--help")) xinao_tl::help();
  if (argc < 3 || argc > 6) xinao_tl::usage("<input-file> <output-file> [<answer-file> [<report-file> [<-appes>]]]");
  if (argc >= 5) state.resultName = argv[4];
  if (argc == 6) {
    if (std::strcmp(argv[5], "-APPES") && std::strcmp(argv[5], "-appes")) {
      state.resultName.clear();
      quit(_fail, std::string("Program must be run with the following arguments: ") +
                      "<input-file> <output-file> <answer-file> [<report-file> [<-appes>]]");
    }
    state.appesMode = true;
  }
  inf.init(argv[1], _input);
  tout.open(argv[2], std::ios_base::out);
  if (tout.fail() || !tout.is_open())
    quit(_fail, std::string("Can not write to the test-output-file '") + argv[2] + "'");
  ouf.init(stdin, _output);
  if (argc >= 4)
    ans.init(argv[3], _answer);
  else
    ans.name = "unopened answer stream";
}

/* ───────────────────────────────── println (interactors) ───────────────────────────────── */

namespace xinao_tl {
template <typename T, typename = void>
struct iterable : std::false_type {};
template <typename T>
struct iterable<T, std::void_t<decltype(std::declval<const T &>().begin()), decltype(std::declval<const T &>().end())>>
    : std::true_type {};
template <typename T, typename = void>
struct iterator : std::false_type {};
template <typename T>
struct iterator<T, std::void_t<typename std::iterator_traits<T>::iterator_category>>
    : std::integral_constant<bool, !std::is_same<typename std::decay<T>::type, char *>::value &&
                                       !std::is_same<typename std::decay<T>::type, const char *>::value> {};

template <typename T>
void printOne(const T &t) {
  if constexpr (iterable<T>::value && !std::is_same<T, std::string>::value) {
    bool first = true;
    for (const auto &x : t) {
      if (!first) std::cout << " ";
      first = false;
      std::cout << x;
    }
  } else {
    std::cout << t;
  }
}
}  // namespace xinao_tl

/* println(a, b, …): values separated by spaces, containers element by element, then endl (which
 * flushes — what an interactor needs); println(begin, end) prints a range. */
template <typename A, typename B>
void println(const A &a, const B &b) {
  if constexpr (std::is_same<A, B>::value && xinao_tl::iterator<B>::value) {
    bool first = true;
    for (A i = a; i != b; ++i) {
      if (!first) std::cout << " ";
      first = false;
      xinao_tl::printOne(*i);
    }
    std::cout << std::endl;
  } else {
    xinao_tl::printOne(a);
    std::cout << " ";
    xinao_tl::printOne(b);
    std::cout << std::endl;
  }
}
template <typename T>
void println(const T &x) {
  xinao_tl::printOne(x);
  std::cout << std::endl;
}
template <typename A, typename B, typename C, typename... R>
void println(const A &a, const B &b, const C &c, const R &...rest) {
  xinao_tl::printOne(a);
  std::cout << " ";
  println(b, c, rest...);
}

#endif
