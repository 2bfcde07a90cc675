import { defineServerModule } from '../server-module.ts';
import { ocrHandlers } from './handlers.ts';

export const ocrModule = defineServerModule({
  name: 'ocr',
  handlers: ocrHandlers,
});
