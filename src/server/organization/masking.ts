/**
 * How a person outside the caller's reach is named (member/anonQueryList; the pending rows and
 * invitations of issue 25 item 13; batch enrollment's out-of-scope rows): the first character
 * of their name and the mobile's first three and last four digits — never a username.
 */
export const maskName = (name: string) =>
  name.length <= 1 ? '*' : `${name[0]}${'*'.repeat(Math.min(name.length - 1, 3))}`;

export const maskMobile = (mobile: string | null) =>
  mobile ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : null;
