/**
 * The kinds of question, apart from the bank's calls so that the answer calls (which the bank's
 * calls import) can name them too without an import cycle.
 */
import { z } from 'zod';

export const questionType = z.enum(['programming', 'single', 'multiple', 'judge']);
