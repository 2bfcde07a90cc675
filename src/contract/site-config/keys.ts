/**
 * The keys and kinds of site settings, zod-free so the pages import them without the schemas.
 */
export const CONFIG_KINDS = ['markdown', 'text', 'json'] as const;
export type ConfigKind = (typeof CONFIG_KINDS)[number];

/** The Markdown texts the public pages show, by page (managed under /admin/settings). */
export const SITE_TEXT_KEYS = {
  about: 'page.about',
  serviceAgreement: 'agreement.service',
  privacyPolicy: 'agreement.privacy',
  aiAssistantHelp: 'help.aiAssistant',
} as const;
