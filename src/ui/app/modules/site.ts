/**
 * The site's public texts, banners and dictionaries: public reads a staff write may change.
 * No root actor of its own (start-up applies the settings).
 */
import { defineClientModule } from '../client-module.ts';

/** The topic pages' texts and the banners (siteQueries.ts). */
export const siteTag = 'site';

export const siteModule = defineClientModule({
  name: 'site',
  rootActors: {},
  queryTags: { [siteTag]: ['staffChange'] },
  on: {
    staffChange: (_, __, { dict }) => dict.invalidate(),
  },
});
