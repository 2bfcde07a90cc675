/**
 * The question bank's calls in every area (contract/question/calls.ts): the CRUD calls come
 * from the resource helper and publish/unpublish from the lifecycle helper, each with the
 * area's scope; import, random draw, the zip calls (importZip, unzipAndParse, exportCase) and
 * the problem-package calls (previewPackage, importPackage, exportPackage) are written here.
 */
import { question as questionApi } from '../../contract/question/calls.ts';
import type { CallDef } from '../../contract/call.ts';
import { actionsOf } from '../../contract/resource.ts';
import {
  questionPublication,
  type PublicationAction,
} from '../../machines/lifecycles/publication.ts';
import type { Auth } from '../http/sessions.ts';
import { handle, type CallShape } from '../http/handler.ts';
import { fail } from '../http/app-error.ts';
import { FileAnswer } from '../http/multipart.ts';
import type { UploadedFile } from '../http/multipart.ts';
import { resourceHandlers } from '../http/resource.ts';
import { lifecycleHandlers } from '../lifecycle/handlers.ts';
import { DOWNLOAD_NOTES_HEADER } from '../../contract/call.ts';
import { readCaseZip, writeCaseZip } from './case-zip.ts';
import { exportPackage, importPackage, previewPackage } from './packages.ts';
import { dataVersion } from './write.ts';
import {
  casesOf,
  findWritable,
  importQuestions,
  learnerQuestionStore,
  questionStore,
  randomQuestions,
  replaceCases,
} from './store.ts';
import type { QuestionScope } from './store.ts';
import { learnerScope, organizationScope, platformScope } from '../access/scope.ts';

const bmsCalls = actionsOf(questionApi, 'bms', 'question');
const edmsCalls = actionsOf(questionApi, 'edms', 'question');
const appCalls = actionsOf(questionApi, 'app', 'question');
const ojCalls = actionsOf(questionApi, 'oj', 'question');

/** The calls that bms, edms and the bare area share, shaped as bms's: the same schemas. */
type Shared = { [K in keyof typeof bmsCalls]: CallShape<(typeof bmsCalls)[K]> };
type StaffArea = typeof bmsCalls | typeof edmsCalls | typeof appCalls;

const importHandler = <Id extends string>(
  call: Shared['import'] & { readonly id: Id },
  scopeOf: (auth: Auth) => QuestionScope,
) =>
  handle<Shared['import'], Id>(call, async ({ services, requireAuth, body }) => ({
    ids: await importQuestions({ services, scope: scopeOf(requireAuth()) }, body.questions),
  }));

/** publish / unpublish: the scope must be allowed to change the question; the machine decides. */
const publicationHandlers = <Calls extends Partial<Record<PublicationAction, CallDef>>>(
  calls: Calls,
  scopeOf: (auth: Auth) => QuestionScope,
) =>
  lifecycleHandlers(
    calls,
    questionPublication,
    { entity: 'question', table: 'questions', column: 'publication', where: "status = 'active'" },
    {
      authorize: async (ctx, id) => void (await findWritable(ctx, id)),
      read: (ctx, id) => questionStore.get(ctx, id),
    },
    scopeOf,
  );

const previewBytes = (bytes: Buffer) => bytes.subarray(0, 256).toString('utf8');

/** The one uploaded zip of a multipart call. */
function zipOf(files: UploadedFile[]): Buffer {
  const file = files.find((f) => f.field === 'file') ?? files[0];
  if (!file) throw fail('VALIDATION', '请上传测试点压缩包（表单字段 file）');
  return file.data;
}

const zipHandlers = <A extends StaffArea>(area: A, scopeOf: (auth: Auth) => QuestionScope) => [
  handle<Shared['unzipAndParse'], A['unzipAndParse']['id']>(
    area.unzipAndParse,
    async ({ body, files }) => {
      const cases = readCaseZip(zipOf(files));
      const question = body.question ?? null;
      return {
        question,
        caseCount: cases.length,
        dataVersion: dataVersion(
          cases,
          question?.checker ?? { type: 'default' },
          question?.checkerSource ?? null,
          question ?? undefined,
        ),
        cases: cases.map((c, i) => ({
          index: i + 1,
          inputBytes: c.input.length,
          answerBytes: c.answer.length,
          inputPreview: previewBytes(c.input),
          answerPreview: previewBytes(c.answer),
        })),
      };
    },
  ),
  handle<Shared['exportCase'], A['exportCase']['id']>(
    area.exportCase,
    async ({ services, requireAuth, body }) => {
      const { cases } = await casesOf({ services, scope: scopeOf(requireAuth()) }, body.id);
      if (cases.length === 0) throw fail('NOT_FOUND', `题目 ${body.id} 没有测试点`);
      // Sent raw by register-calls; the contract's response describes what the client receives.
      return new FileAnswer(
        `question-${body.id}-cases.zip`,
        'application/zip',
        writeCaseZip(cases),
      );
    },
  ),
];

const importZipHandler = <Id extends string>(
  call: Shared['importZip'] & { readonly id: Id },
  scopeOf: (auth: Auth) => QuestionScope,
) =>
  handle<Shared['importZip'], Id>(call, async ({ services, requireAuth, body, files }) =>
    replaceCases({ services, scope: scopeOf(requireAuth()) }, body.id, readCaseZip(zipOf(files))),
  );

/** Problem packages of other judges (packages.ts): preview, import, export. */
const packageHandlers = <A extends StaffArea>(area: A, scopeOf: (auth: Auth) => QuestionScope) => [
  handle<Shared['previewPackage'], A['previewPackage']['id']>(
    area.previewPackage,
    async ({ files }) => previewPackage(files),
  ),
  handle<Shared['importPackage'], A['importPackage']['id']>(
    area.importPackage,
    async ({ services, requireAuth, body, files }) => ({
      ids: await importPackage({ services, scope: scopeOf(requireAuth()) }, files, body.items),
    }),
  ),
  handle<Shared['exportPackage'], A['exportPackage']['id']>(
    area.exportPackage,
    async ({ services, requireAuth, body }) => {
      const out = await exportPackage(
        { services, scope: scopeOf(requireAuth()) },
        body.ids,
        body.format,
      );
      const headers: Record<string, string> =
        out.losses.length > 0
          ? { [DOWNLOAD_NOTES_HEADER]: encodeURIComponent(JSON.stringify(out.losses)) }
          : {};
      // Sent raw by register-calls; the contract's response describes what the client receives.
      return new FileAnswer(out.fileName, out.contentType, out.data, { headers });
    },
  ),
];

export const questionBankHandlers = [
  ...resourceHandlers(bmsCalls, questionStore, platformScope),
  ...publicationHandlers(bmsCalls, platformScope),
  importHandler(bmsCalls.import, platformScope),
  importZipHandler(bmsCalls.importZip, platformScope),
  ...zipHandlers(bmsCalls, platformScope),
  ...packageHandlers(bmsCalls, platformScope),
  ...resourceHandlers(edmsCalls, questionStore, organizationScope),
  ...publicationHandlers(edmsCalls, organizationScope),
  importHandler(edmsCalls.import, organizationScope),
  importZipHandler(edmsCalls.importZip, organizationScope),
  ...zipHandlers(edmsCalls, organizationScope),
  ...packageHandlers(edmsCalls, organizationScope),
  handle(edmsCalls.queryRandomList, async ({ services, requireAuth, body }) => {
    const { count, ...filter } = body;
    return randomQuestions({ services, scope: organizationScope(requireAuth()) }, filter, count);
  }),
  ...resourceHandlers(appCalls, questionStore, organizationScope),
  ...publicationHandlers(appCalls, organizationScope),
  importHandler(appCalls.import, organizationScope),
  ...zipHandlers(appCalls, organizationScope),
  ...packageHandlers(appCalls, organizationScope),
  ...resourceHandlers(
    { queryList: ojCalls.queryList },
    { list: learnerQuestionStore.list },
    learnerScope,
  ),
  // A learner's read of one question knows who they are: a paid question may be theirs.
  handle(ojCalls.queryById, async ({ services, requireAuth, query }) => {
    const auth = requireAuth();
    return learnerQuestionStore.get(
      { services, scope: learnerScope(auth) },
      query.id,
      auth.memberId,
    );
  }),
];
