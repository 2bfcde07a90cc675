/**
 * A member document's publication (docs/product-rules.md#lifecycle-actions member document:
 * publish, unpublish): written as a draft only its writers see, published to its readers
 * (server/member-document/visibility.ts), unpublished back. Platform staff may also unpublish any
 * document (moderation).
 */
import { publicationOf } from './publication.ts';

export const documentPublication = publicationOf('文档');
