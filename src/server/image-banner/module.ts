import { defineServerModule } from '../server-module.ts';
import { imageBannerHandlers } from './handlers.ts';

export const imageBannerModule = defineServerModule({
  name: 'image-banner',
  handlers: imageBannerHandlers,
});
