/** Reading the answer of a single add (member/create …), which is an account or an invitation. */

type Answer = { invitation: object | null };
type Account<T extends Answer> = Extract<T, { invitation: null }>;

const isAccount = <T extends Answer>(answer: T): answer is Account<T> =>
  answer.invitation === null;

/** The account a single add made; fails the test when it answered an invitation instead. */
export function madeMember<T extends Answer>(answer: T): Account<T> {
  if (!isAccount(answer)) {
    throw new Error(`expected an account, got an invitation: ${JSON.stringify(answer)}`);
  }
  return answer;
}
