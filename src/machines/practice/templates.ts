/**
 * The code a learner starts from in each language (docs/product-rules.md#constants), when a
 * question has no draft yet: shared by practice, homework and the exam room, which all open the
 * same editor.
 */
import type { PracticeLanguage } from './types.ts';

/** The default C++ answer — includes, the std namespace and an empty main. */
export const CODE_TEMPLATES: Record<PracticeLanguage, string> = {
  cpp: '#include <bits/stdc++.h>\nusing namespace std;\n\nint main() {\n    \n    return 0;\n}\n',
  python: '',
};
