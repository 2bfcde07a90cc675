/**
 * Monaco, bundled (docs/decisions/client-and-screens.md, "Monaco, Blueprint toasts and event
 * streams"): the editor core with only the C++ and Python grammars, its worker from our own build,
 * and `loader.config({ monaco })` so @monaco-editor/react never fetches Monaco from a CDN. Imported
 * only by CodeEditor, which practice screens load lazily.
 */
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/languages/definitions/cpp/register';
import 'monaco-editor/languages/definitions/python/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';

// The grammars above need no language worker; the editor's own worker does the rest.
self.MonacoEnvironment = { getWorker: () => new EditorWorker() };

loader.config({ monaco });

export { monaco };
