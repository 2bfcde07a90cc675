/**
 * Routes of the question bank (definitions: ../calls/question-bank.ts). No zod here.
 */
import { refsTo } from '../call.ts';
import type { CallRoute } from '../call.ts';
import type * as defs from '../calls/question-bank.ts';
import { crudRoutes, resourceRoute } from '../resource-routes.ts';

const allOps = ['create', 'update', 'delete', 'queryById', 'queryList', 'querySimpleList'] as const;

// The calls beyond CRUD, typed plainly so the definitions can spread them without a cycle.
export const bmsImport: CallRoute = resourceRoute('bms', 'question', 'import', 'POST');
export const edmsImport: CallRoute = resourceRoute('edms', 'question', 'import', 'POST');
export const edmsQueryRandomList: CallRoute = resourceRoute(
  'edms',
  'question',
  'queryRandomList',
  'POST',
);
export const appImport: CallRoute = resourceRoute('app', 'question', 'import', 'POST');

const multipart = { requestKind: 'multipart' } as const;
const zip = { responseKind: 'zip' } as const;
export const bmsImportZip = resourceRoute('bms', 'question', 'importZip', 'POST', multipart);
export const edmsImportZip = resourceRoute('edms', 'question', 'importZip', 'POST', multipart);
export const bmsUnzipAndParse = resourceRoute(
  'bms',
  'question',
  'unzipAndParse',
  'POST',
  multipart,
);
export const edmsUnzipAndParse = resourceRoute(
  'edms',
  'question',
  'unzipAndParse',
  'POST',
  multipart,
);
export const appUnzipAndParse = resourceRoute(
  'app',
  'question',
  'unzipAndParse',
  'POST',
  multipart,
);
/** Run a question's reference solution on given input through the judge queue. */
export const bmsDebug: CallRoute = resourceRoute('bms', 'question', 'debug', 'POST');
export const edmsDebug: CallRoute = resourceRoute('edms', 'question', 'debug', 'POST');
export const appDebug: CallRoute = resourceRoute('app', 'question', 'debug', 'POST');
export const bmsExportCase = resourceRoute('bms', 'question', 'exportCase', 'POST', zip);
export const edmsExportCase = resourceRoute('edms', 'question', 'exportCase', 'POST', zip);
export const appExportCase = resourceRoute('app', 'question', 'exportCase', 'POST', zip);

export const bms = refsTo<typeof defs.bms>()({
  ...crudRoutes('bms', 'question', allOps),
  import: bmsImport,
  importZip: bmsImportZip,
  unzipAndParse: bmsUnzipAndParse,
  exportCase: bmsExportCase,
  debug: bmsDebug,
});

export const edms = refsTo<typeof defs.edms>()({
  ...crudRoutes('edms', 'question', allOps),
  import: edmsImport,
  queryRandomList: edmsQueryRandomList,
  importZip: edmsImportZip,
  unzipAndParse: edmsUnzipAndParse,
  exportCase: edmsExportCase,
  debug: edmsDebug,
});

export const app = refsTo<typeof defs.app>()({
  ...crudRoutes('app', 'question', ['create', 'update', 'delete', 'queryById', 'queryList']),
  import: appImport,
  unzipAndParse: appUnzipAndParse,
  exportCase: appExportCase,
  debug: appDebug,
});

export const oj = refsTo<typeof defs.oj>()(
  crudRoutes('oj', 'question', ['queryById', 'queryList']),
);
