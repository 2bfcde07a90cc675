/** Text put into the HTML pages the server writes itself (the payment and WeChat sandboxes). */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
