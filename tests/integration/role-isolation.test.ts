/**
 * Role isolation (issue 8 item 7; docs/classes.md, "Who reads what"): every read call of the
 * groups that carry a learner's rows, in every area that serves it, asked by every role for a
 * row that is not theirs — refused or filtered — and by the row's legitimate readers, who see it
 * (so no line of the matrix can pass by reading nothing).
 *
 * The world: organization A (the demo school) with its admin, teachers T1 (class C1) and T2
 * (class C2) and learners S1 (C1) and S2 (C2); organization B (the demo studio) with teacher TB
 * (class CB) and learner S3; and platform staff P. Each learner has one row of every kind: a
 * practice answer, a card order, a card held, a recharge order and a wallet entry, an exam
 * enrollment with its sitting and answer (an exam of their own organization's), a class
 * enrollment and its settlement, homework with its answer, an enrollment in their
 * organization's activity, and a conversation with the assistant.
 *
 * The calls come from the contract (src/contract): every call of the learner-row groups whose
 * action reads (query…, download…, export…, report). Each is either probed (PROBES: how to ask
 * for one learner's row and how to see it in the answer) or named in NOT_PROBED with the reason
 * it reads nobody else's row; a new read call fails the first test until it is classified.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { activity } from '../../src/contract/activity/calls.ts';
import { ai } from '../../src/contract/ai/calls.ts';
import { areaOf, type Access, type CallDef } from '../../src/contract/call.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { exam } from '../../src/contract/exam/calls.ts';
import { file } from '../../src/contract/file/calls.ts';
import { grade } from '../../src/contract/grade/calls.ts';
import { homework } from '../../src/contract/homework/calls.ts';
import { allCalls } from '../../src/contract/index.ts';
import { memberDocument } from '../../src/contract/member-document/calls.ts';
import { memberQuestion } from '../../src/contract/member-question/calls.ts';
import { membership } from '../../src/contract/membership/calls.ts';
import { organization } from '../../src/contract/organization/calls.ts';
import { question } from '../../src/contract/question/calls.ts';
import { wallet } from '../../src/contract/wallet/calls.ts';
import { createTransport, type Transport } from '../../src/transport/client.ts';
import type { DownloadedFile } from '../../src/transport/download.ts';
import { ApiError } from '../../src/transport/errors.ts';
import { freshClientIp } from '../support/api.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { insertObjectiveQuestion } from '../support/questions.ts';
import { madeMember } from '../support/people.ts';

// ——— the calls ———

/** The groups whose rows are a learner's (answers, orders, enrollments, sittings …). */
const LEARNER_GROUPS = [
  'memberQuestion',
  'memberPlayground',
  'member.order',
  'member.points',
  'membership.order',
  'memberMembership',
  'organization.membership',
  'memberWallet',
  'memberWallet.changedHistory',
  'memberWallet.rechargeOrder',
  'examEnroll',
  'examPaperEnroll',
  'examMemberQuestion',
  'grade.enroll',
  'member.grade.settlement',
  'homeworkEnroll',
  'homeworkMemberQuestion',
  'member',
  'organizationMember',
  // A member's uploaded documents (the file service).
  'common.file',
  // A member's notes and files (their published ones are read by their teachers).
  'memberDocument',
  // Activity enrollments (an organization's activity: its staff read their learners').
  'activityEnroll',
  // A learner's conversations with the assistant: theirs alone, staff included.
  'aiSession',
  'aiSession.message',
];
const READ_ACTION = /^(query|download|export|report)/;
const AREA_PREFIX = /^(bms|edms|oj)\./;

/** `edms.grade.enroll.queryEnrollList` → `grade.enroll.queryEnrollList`. */
const keyOf = (call: CallDef) => call.id.replace(AREA_PREFIX, '');
const groupOf = (call: CallDef) => keyOf(call).split('.').slice(0, -1).join('.');
const actionOf = (call: CallDef) => call.id.split('.').at(-1)!;

const READ_CALLS = allCalls.filter(
  (c) => LEARNER_GROUPS.includes(groupOf(c)) && READ_ACTION.test(actionOf(c)),
);

// ——— the world ———

type Learner = 'S1' | 'S2' | 'S3';
const OWNERS: readonly Learner[] = ['S1', 'S2', 'S3'];
/** T1 also owns a few rows: those the staff areas show only to their owner (their own purse). */
type Owner = Learner | 'T1';
type ReaderName = 'P' | 'A' | 'T1' | 'T2' | 'TB' | Learner;
const READERS: readonly ReaderName[] = ['P', 'A', 'T1', 'T2', 'TB', 'S1', 'S2', 'S3'];

/** One learner's rows, and what leads to them. */
interface Rows {
  memberId: number;
  nickname: string;
  mobile: string;
  organizationId: number;
  answer: number;
  order: number;
  held: number;
  recharge: number;
  examId: number;
  examPaperId: number;
  examEnroll: number;
  sitting: number;
  examAnswer: number;
  gradeId: number;
  gradeEnroll: number;
  settlement: number;
  homeworkId: number;
  homeworkEnroll: number;
  homeworkAnswer: number;
  /** The submission (a judged answer) to the homework question. */
  homeworkSubmission: number;
  /** A document the learner uploaded (the file service's name). */
  document: string;
  /** The learner's published note (memberDocument). */
  memberDocument: number;
  /** An activity of the learner's organization, and their enrollment in it. */
  activityId: number;
  activityEnroll: number;
  /** The learner's assistant conversation (aiSession). */
  aiSession: number;
}

interface Reader {
  name: ReaderName;
  api: Transport;
  platform: boolean;
  /** The role of the member the session acts as. */
  role: 'orgAdmin' | 'teacher' | 'student';
  org: 'A' | 'B';
  /** The learners whose classes this teacher teaches. */
  students: readonly Owner[];
}

let platform: TestPlatform;
const readers = {} as Record<ReaderName, Reader>;
const rows = {} as Record<Owner, Rows>;
/** Who assigned each learner's homework (queryListByTeacher lists "the homework I assigned"). */
const ASSIGNED_BY: Record<Learner, ReaderName> = { S1: 'T1', S2: 'T2', S3: 'P' };
const ORG_OF: Record<Owner, 'A' | 'B'> = { S1: 'A', S2: 'A', S3: 'B', T1: 'A' };
const PASSWORD = 'Isolation#2026';
const day = 86_400_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

function client(): Transport {
  const ip = freshClientIp();
  return createTransport({
    baseUrl: platform.apiUrl,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('x-forwarded-for', ip);
      return fetch(input, { ...init, headers });
    },
    // Spreadsheets come back as the call's answer; nothing is saved.
    onDownload: () => undefined,
  });
}

async function login(username: string, password: string): Promise<Transport> {
  const api = client();
  await api.call(accounts.loginByPwd, { body: { username, password } });
  return api;
}

const idOf = async (api: Transport) => (await api.call(accounts.queryCurrent)).id;

/** Starts the exam's paper, answers its one question and hands in. */
async function sit(api: Transport, examId: number, examPaperId: number, questionId: number) {
  await api.call(exam['oj.examEnroll.enroll'], { body: { examId } }).catch((e: unknown) => {
    // Enrolled by staff already.
    if (!(e instanceof ApiError) || e.code !== ErrorCode.CONFLICT) throw e;
  });
  const sitting = await api.call(exam['oj.examPaperEnroll.start'], {
    body: { examId, examPaperId },
  });
  const saved = await api.call(exam['oj.examMemberQuestion.save'], {
    body: { examPaperEnrollId: sitting.id, questionId, revision: 1, answer: '10' },
  });
  await api.call(exam['oj.examPaperEnroll.complete'], { body: { id: sitting.id } });
  return { sitting: sitting.id, examAnswer: saved.id };
}

/** Row ids nobody has: what T1 does not own. */
const NO_ROWS: Rows = {
  memberId: -1,
  nickname: '',
  mobile: '',
  organizationId: -1,
  answer: -1,
  order: -1,
  held: -1,
  recharge: -1,
  examId: -1,
  examPaperId: -1,
  examEnroll: -1,
  sitting: -1,
  examAnswer: -1,
  gradeId: -1,
  gradeEnroll: -1,
  settlement: -1,
  homeworkId: -1,
  homeworkEnroll: -1,
  homeworkAnswer: -1,
  homeworkSubmission: -1,
  document: '',
  memberDocument: -1,
  activityId: -1,
  activityEnroll: -1,
  aiSession: -1,
};

/** A member's document: a small PDF uploaded through the file service. */
async function uploadDocument(api: Transport): Promise<string> {
  const form = new FormData();
  form.append('purpose', 'document');
  form.append('file', new Blob(['%PDF-1.4\n%%EOF\n']), '资料.pdf');
  const stored = await api.call(file['common.file.upload'], {
    body: form as unknown as { purpose: 'document' },
  });
  return stored.fileName;
}

/** A member's note, published: from then on their teachers read it too. */
async function publishedNote(api: Transport): Promise<number> {
  const created = await api.call(memberDocument['oj.memberDocument.create'], {
    body: { kind: 'note', title: '隔离笔记', body: '我的笔记' },
  });
  await api.call(memberDocument['oj.memberDocument.publish'], { body: { id: created.id } });
  return created.id;
}

beforeAll(async () => {
  platform = await startTestPlatform({ examClockMs: 200 });
  const demo = platform.accounts;
  const P = await login(demo.admin.username, demo.admin.password);
  const A = await login(demo.orgAdmin.username, demo.orgAdmin.password);
  // The demo teacher works in the demo studio (organization B) for this file.
  const TB = await login(demo.teacher.username, demo.teacher.password);
  const [studio] = await TB.call(accounts['oj.member.queryMineTeacherList']);
  await TB.call(accounts.switchOrganization, { body: { memberId: studio!.id } });

  const teacherIn = async (n: number) => {
    const mobile = `1395000000${n}`;
    await A.call(organization['edms.teacherMember.create'], {
      body: { nickname: `隔离教师${n}`, mobile, password: PASSWORD },
    });
    return login(mobile, PASSWORD);
  };
  const T1 = await teacherIn(1);
  const T2 = await teacherIn(2);
  const learner = async (staff: Transport, owner: Owner, n: number) => {
    const mobile = `1396000000${n}`;
    const nickname = `隔离学员${owner}`;
    const created = madeMember(
      await staff.call(organization['member.create'], {
        body: { nickname, mobile, password: PASSWORD },
      }),
    );
    return { api: await login(mobile, PASSWORD), memberId: created.id, nickname, mobile };
  };
  const S = {
    S1: await learner(A, 'S1', 1),
    S2: await learner(A, 'S2', 2),
    S3: await learner(TB, 'S3', 3),
  };
  const orgA = (await A.call(accounts.queryCurrent)).organizationId;
  const orgB = (await TB.call(accounts.queryCurrent)).organizationId;

  const q = await insertObjectiveQuestion(platform.pool, {
    type: 'single',
    title: '隔离测试题',
    options: ['对', '错'],
    answer: '10',
  });
  const card = (await S.S1.api.call(membership['membership.queryList'], { body: {} })).content.find(
    (c) => c.type === '0' && c.priceFen > 0,
  )!;

  // Classes, each with one learner, paid at the desk (a settlement needs a paid enrollment).
  const classOf = async (staff: Transport, name: string, teacherIds: number[]) => {
    const g = await staff.call(grade['edms.grade.create'], {
      body: {
        name,
        priceFen: 200,
        startTime: at(-day),
        endTime: at(90 * day),
        teacherMemberIds: teacherIds,
      },
    });
    await staff.call(grade['edms.grade.publish'], { body: { id: g.id } });
    return g.id;
  };
  const gradeIds = {
    S1: await classOf(A, '隔离一班', [await idOf(T1)]),
    S2: await classOf(A, '隔离二班', [await idOf(T2)]),
    S3: await classOf(TB, '隔离星火班', []),
  };
  const teacherOf = { S1: T1, S2: T2, S3: TB };
  let t1Exam = { sitting: -1, examAnswer: -1 };

  // Exams: one per learner, run by the learner's organization, reviewed by the platform.
  const examOf = async (staff: Transport, owner: Owner) => {
    const paper = await staff.call(exam['edms.examPaper.create'], {
      body: {
        name: `隔离试卷${owner}`,
        durationMinutes: 30,
        questions: [{ questionId: q, score: 10 }],
      },
    });
    await P.call(exam['bms.examPaper.pass'], { body: { id: paper.id } });
    const e = await staff.call(exam['edms.exam.create'], {
      body: {
        name: `隔离考试${owner}`,
        enrollStartAt: at(-day),
        enrollEndAt: at(day),
        startAt: at(-day),
        endAt: at(day),
        examPaperIds: [paper.id],
        visibility: 'organization',
      },
    });
    await P.call(exam['bms.exam.pass'], { body: { id: e.id } });
    await staff.call(exam['edms.exam.publish'], { body: { id: e.id } });
    return { examId: e.id, examPaperId: paper.id };
  };

  // Activities: one per learner, run by the learner's organization, passed by the platform.
  const activityOf = async (staff: Transport, owner: Owner) => {
    const created = await staff.call(activity['edms.activity.create'], {
      body: { title: `隔离活动${owner}`, kind: 'event', startAt: at(-day), endAt: at(day) },
    });
    await P.call(activity['bms.activity.pass'], { body: { id: created.id } });
    await staff.call(activity['edms.activity.publish'], { body: { id: created.id } });
    return created.id;
  };

  for (const owner of OWNERS) {
    const s = S[owner];
    const staff = owner === 'S3' ? TB : A;
    const answer = await s.api.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: q, answer: '01' },
    });
    const order = await s.api.call(membership['oj.membership.order.create'], {
      body: { membershipId: card.id },
    });
    const held = await P.call(membership['bms.memberMembership.create'], {
      body: {
        memberId: s.memberId,
        membershipId: card.id,
        startDate: at(0),
        expireDate: at(30 * day),
        remark: '隔离测试',
      },
    });
    const recharge = await s.api.call(wallet['oj.memberWallet.recharge'], {
      body: { amountFen: 1000 },
    });
    await P.call(wallet['bms.memberWallet.incrementCount'], {
      body: { id: s.memberId, unit: 'fen', amount: 500, reason: '隔离测试' },
    });

    const gradeEnroll = await P.call(grade['bms.grade.enroll.create'], {
      body: { gradeId: gradeIds[owner], memberId: s.memberId, paidOffline: true },
    });
    const settlement = await teacherOf[owner].call(grade['edms.member.grade.settlement.create'], {
      body: {
        gradeId: gradeIds[owner],
        memberId: s.memberId,
        periodStart: '2026-03-01',
        periodEnd: '2026-03-31',
        lessons: 1,
        amountFen: 50,
      },
    });

    const hwBody = {
      gradeId: gradeIds[owner],
      title: `隔离作业${owner}`,
      startAt: at(-day),
      dueAt: at(day),
      questions: [{ questionId: q, score: 10 }],
    };
    const hw =
      ASSIGNED_BY[owner] === 'P'
        ? await P.call(homework['bms.homework.create'], { body: hwBody })
        : await teacherOf[owner].call(homework['edms.homework.create'], { body: hwBody });
    if (ASSIGNED_BY[owner] === 'P') {
      await P.call(homework['bms.homework.publish'], { body: { id: hw.id } });
    } else {
      await teacherOf[owner].call(homework['edms.homework.publish'], { body: { id: hw.id } });
    }
    const hwEnroll = (
      await s.api.call(homework['oj.homeworkEnroll.queryList'], { body: { homeworkId: hw.id } })
    ).content[0]!;
    const hwSubmission = await s.api.call(homework['oj.homeworkMemberQuestion.submit'], {
      body: { homeworkEnrollId: hwEnroll.id, questionId: q, answer: '10' },
    });
    const hwAnswer = (await s.api.call(homework['oj.homeworkMemberQuestion.queryLatest'], {
      query: { homeworkEnrollId: hwEnroll.id, questionId: q },
    }))!;

    const activityId = await activityOf(staff, owner);
    const activityEnrolled = await staff.call(activity['edms.activityEnroll.batchEnroll'], {
      body: { activityId, memberIds: [s.memberId] },
    });
    const session = await s.api.call(ai['oj.aiSession.create'], {
      body: { title: `隔离会话${owner}`, scene: 'general' },
    });

    const { examId, examPaperId } = await examOf(staff, owner);
    // T1 sits S1's exam too, before S1 (whose sitting stays the exam's latest).
    if (owner === 'S1') t1Exam = await sit(T1, examId, examPaperId, q);
    const enrolled = await staff.call(exam['edms.examEnroll.batchEnroll'], {
      body: { examId, memberIds: [s.memberId] },
    });
    const { sitting, examAnswer } = await sit(s.api, examId, examPaperId, q);

    rows[owner] = {
      memberId: s.memberId,
      nickname: s.nickname,
      mobile: s.mobile,
      organizationId: owner === 'S3' ? orgB : orgA,
      answer: answer.id,
      order: order.id,
      held: held.id,
      recharge: recharge.order.id,
      examId,
      examPaperId,
      examEnroll: enrolled.rows[0]!.enrollId!,
      sitting,
      examAnswer,
      gradeId: gradeIds[owner],
      gradeEnroll: gradeEnroll.id,
      settlement: settlement.id,
      homeworkId: hw.id,
      homeworkEnroll: hwEnroll.id,
      homeworkAnswer: hwAnswer.id,
      homeworkSubmission: hwSubmission.id,
      document: await uploadDocument(s.api),
      memberDocument: await publishedNote(s.api),
      activityId,
      activityEnroll: activityEnrolled.rows[0]!.enrollId!,
      aiSession: session.id,
    };
  }
  // T1's own purse: a card ordered, a card held, a recharge and a wallet entry.
  const t1 = await idOf(T1);
  const t1Order = await T1.call(membership['edms.membership.order.create'], {
    body: { membershipId: card.id },
  });
  const t1Held = await P.call(membership['bms.memberMembership.create'], {
    body: {
      memberId: t1,
      membershipId: card.id,
      startDate: at(0),
      expireDate: at(day),
      remark: '隔离测试',
    },
  });
  const t1Recharge = await T1.call(wallet['edms.memberWallet.recharge'], {
    body: { amountFen: 1000 },
  });
  await P.call(wallet['bms.memberWallet.incrementCount'], {
    body: { id: t1, unit: 'fen', amount: 500, reason: '隔离测试' },
  });
  rows.T1 = {
    ...NO_ROWS,
    memberId: t1,
    nickname: '隔离教师1',
    mobile: '13950000001',
    organizationId: orgA,
    order: t1Order.id,
    held: t1Held.id,
    recharge: t1Recharge.order.id,
    ...t1Exam,
    examId: rows.S1.examId,
    examPaperId: rows.S1.examPaperId,
  };

  // Hand-in is judged on the server's clock; the report is there once the paper is reported.
  for (const owner of OWNERS) {
    for (let i = 0; ; i++) {
      const s = await S[owner].api.call(exam['oj.examPaperEnroll.queryById'], {
        query: { id: rows[owner].sitting },
      });
      if (s.state === 'reported') break;
      if (i > 100) throw new Error(`sitting of ${owner} not reported: ${s.state}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const reader = (
    name: ReaderName,
    api: Transport,
    role: Reader['role'],
    org: 'A' | 'B',
    students: readonly Owner[] = [],
    isPlatform = false,
  ) => (readers[name] = { name, api, role, org, students, platform: isPlatform });
  // Platform staff act as the demo school's admin wherever the area is not theirs.
  reader('P', P, 'orgAdmin', 'A', [], true);
  reader('A', A, 'orgAdmin', 'A');
  reader('T1', T1, 'teacher', 'A', ['S1']);
  reader('T2', T2, 'teacher', 'A', ['S2']);
  reader('TB', TB, 'teacher', 'B', ['S3']);
  for (const owner of OWNERS) reader(owner, S[owner].api, 'student', ORG_OF[owner]);
}, 180_000);

afterAll(async () => {
  await platform?.stop();
});

// ——— how to ask for a row, and how to see it ———

interface Probe {
  ask: (o: Rows) => { query?: Record<string, unknown>; body?: Record<string, unknown> };
  /** Whether the answer shows the row. */
  seen: (answer: unknown, o: Rows) => boolean | Promise<boolean>;
  /** Answers only the caller's own rows, whatever their role and area. */
  mine?: boolean;
  /** Of the caller's organization only (platform staff too, outside bms). */
  ownOrganization?: boolean;
  /** Only what the caller assigned (queryListByTeacher). */
  assigned?: boolean;
  /** Read by staff for themselves only: T1's own row is asked for too (the positive control). */
  staffOwn?: boolean;
}

type Item = { id?: number; memberId?: number };
const itemsOf = (answer: unknown): Item[] => {
  if (Array.isArray(answer)) return answer as Item[];
  const a = answer as { content?: Item[]; members?: Item[] } | null;
  return a?.content ?? a?.members ?? [];
};
const PAGE = { page: 0, size: 500 };

type RowKind = Exclude<keyof Rows, 'nickname' | 'mobile'>;
const byId = (kind: RowKind, pick = (a: unknown) => (a as Item | null)?.id): Probe => ({
  ask: (o) => ({ query: { id: o[kind] } }),
  seen: (a, o) => pick(a) === o[kind],
});
const list = (kind: RowKind, body: (o: Rows) => Record<string, unknown>): Probe => ({
  ask: (o) => ({ query: PAGE, body: body(o) }),
  seen: (a, o) => itemsOf(a).some((i) => i.id === o[kind]),
});
/** A list of members (statistics, overviews, rosters of people). */
const members = (body: (o: Rows) => Record<string, unknown>, paged = true): Probe => ({
  ask: (o) => (paged ? { query: PAGE, body: body(o) } : { body: body(o) }),
  seen: (a, o) => itemsOf(a).some((i) => (i.memberId ?? i.id) === o.memberId),
});
/** A spreadsheet: the learner's name is in it. */
const sheet = (body: (o: Rows) => Record<string, unknown>): Probe => ({
  ask: (o) => ({ body: body(o) }),
  seen: async (a, o) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from((a as DownloadedFile).bytes) as never);
    const cells: string[] = [];
    book.eachSheet((ws) =>
      ws.eachRow((row) => row.eachCell((cell) => void cells.push(String(cell.value)))),
    );
    return cells.includes(o.nickname);
  },
});
/** Figures of one item (an exam, a class, homework): the learner is counted in them. */
const figures = (query: (o: Rows) => Record<string, unknown>, count: (a: never) => number) => ({
  ask: (o: Rows) => ({ query: query(o) }),
  seen: (a: unknown) => count(a as never) > 0,
});
const mine = (probe: Probe): Probe => ({ ...probe, mine: true });
const staffOwn = (probe: Probe): Probe => ({ ...probe, mine: true, staffOwn: true });

const member = (o: Rows) => ({ memberId: o.memberId });
const inExam = (o: Rows) => ({ examId: o.examId, memberId: o.memberId });
const inActivity = (o: Rows) => ({ activityId: o.activityId, memberId: o.memberId });
const inGrade = (o: Rows) => ({ gradeId: o.gradeId, memberId: o.memberId });
const inHomework = (o: Rows) => ({ homeworkId: o.homeworkId, memberId: o.memberId });
const named = (o: Rows) => ({ keyword: o.nickname });

/**
 * Probes by call id; `*.` matches the action in every area whose own id is not listed. A
 * probe names one learner's row: the request that asks for it, and how the answer shows it.
 */
const PROBES: Record<string, Probe> = {
  // A member's uploaded document: the URL is handed to those who may read the member's rows.
  'common.file.queryUrl': {
    ask: (o) => ({ query: { fileName: o.document } }),
    seen: (a, o) => (a as { fileName: string }).fileName === o.document,
  },
  // A member's published note: the owner, their teachers and organization admin, platform staff
  // (in every area, and in the public calls, which read it as the caller's role).
  '*.memberDocument.queryById': byId('memberDocument'),
  '*.memberDocument.queryList': list('memberDocument', () => ({ kind: 'note' })),
  '*.memberDocument.querySimpleList': list('memberDocument', () => ({ kind: 'note' })),
  // Practice answers (memberQuestion): learners read their own; staff their learners'.
  'memberQuestion.queryById': mine(byId('answer')),
  '*.memberQuestion.queryById': byId('answer'),
  'memberQuestion.queryList': mine(list('answer', () => ({}))),
  'memberQuestion.queryWrongList': mine(list('answer', () => ({}))),
  'memberQuestion.queryLatestList': mine({
    ask: () => ({ body: { questionIds: [practiceQuestion()] } }),
    seen: (a, o) => itemsOf(a).some((i) => i.id === o.answer),
  }),
  // The /oj forms answer as the un-prefixed calls (docs/decisions/questions-and-practice.md,
  // "The /oj forms of the answer and playground calls"): the caller's own.
  'oj.memberQuestion.queryById': mine(byId('answer')),
  'oj.memberQuestion.queryList': mine(list('answer', () => ({}))),
  'oj.memberQuestion.queryLatestList': mine({
    ask: () => ({ body: { questionIds: [practiceQuestion()] } }),
    seen: (a, o) => itemsOf(a).some((i) => i.id === o.answer),
  }),
  'oj.memberQuestion.queryWrongCaseListById': {
    ask: (o) => ({ query: { id: o.answer } }),
    seen: (a) => Array.isArray(a),
  },
  '*.memberQuestion.queryLatestList': {
    ask: (o) => ({ body: { memberId: o.memberId, questionIds: [practiceQuestion()] } }),
    seen: (a, o) => itemsOf(a).some((i) => i.id === o.answer),
  },
  'bms.memberQuestion.queryList': list('answer', member),
  'bms.memberQuestion.querySimpleList': list('answer', member),
  // A teacher's view of one student (/chapter/student): 404 for a learner outside the scope.
  'memberQuestion.queryWrongListByMember': list('answer', member),
  'memberQuestion.queryChapterProgressByMember': {
    ask: (o) => ({ query: PAGE, body: member(o) }),
    seen: (a) => Array.isArray((a as { content?: unknown } | null)?.content),
  },
  '*.memberQuestion.queryListByTeacher': list('answer', member),
  'bms.memberQuestion.queryStatisticsGroupByMember': members((o) => ({
    organizationId: o.organizationId,
  })),
  '*.memberQuestion.queryStatisticsGroupByMember': {
    ...members(() => ({})),
    ownOrganization: true,
  },

  // Orders, cards held, wallets, points.
  '*.member.order.queryById': byId('order'),
  '*.member.order.queryList': list('order', member),
  '*.member.order.querySimpleList': list('order', member),
  '*.member.order.download': sheet(member),
  '*.membership.order.queryById': byId('order'),
  '*.membership.order.queryList': list('order', member),
  '*.membership.order.querySimpleList': list('order', member),
  '*.membership.order.download': sheet(member),
  '*.membership.order.queryMine': staffOwn({
    ask: () => ({}),
    seen: (a, o) => itemsOf(a).some((i) => i.id === o.order),
  }),
  'bms.memberMembership.queryById': byId('held'),
  '*.memberMembership.queryList': list('held', member),
  '*.memberMembership.querySimpleList': list('held', member),
  // A member's own cards, whatever their role (the list takes no filter).
  'oj.memberMembership.queryList': mine(list('held', () => ({}))),
  'edms.memberMembership.queryList': staffOwn(list('held', () => ({}))),
  '*.organization.membership.queryList': list('held', member),
  'bms.memberWallet.queryById': {
    ask: (o) => ({ query: { id: o.memberId } }),
    seen: (a, o) => (a as Item).memberId === o.memberId,
  },
  'bms.memberWallet.queryList': members(member),
  'bms.memberWallet.querySimpleList': members(member),
  'bms.memberWallet.changedHistory.queryList': members(member),
  'bms.memberWallet.rechargeOrder.queryList': list('recharge', member),
  // Outside bms a wallet is the caller's own, staff too (a teacher's purse).
  '*.memberWallet.queryList': staffOwn(members(member)),
  '*.memberWallet.changedHistory.queryList': staffOwn(members(member)),
  '*.memberWallet.rechargeOrder.queryList': staffOwn(list('recharge', member)),
  '*.memberWallet.rechargeOrder.queryById': byId('recharge'),
  'member.points.queryList': members(member),

  // Exams: enrollments, sittings, answers.
  'bms.examEnroll.queryById': byId('examEnroll'),
  '*.examEnroll.queryList': list('examEnroll', inExam),
  '*.examEnroll.querySimpleList': list('examEnroll', inExam),
  '*.examEnroll.queryEnrollList': list('examEnroll', inExam),
  '*.examEnroll.downloadEnrollList': sheet(inExam),
  '*.examEnroll.queryEnrollStatistics': figures(
    (o) => ({ examId: o.examId }),
    (a: { total: number; started: number }) => a.total + a.started,
  ),
  '*.examEnroll.queryMineEnrollByEnrollId': mine(
    byId('examEnroll', (a) => (a as { order: Item }).order.id),
  ),
  '*.examEnroll.queryMineLatestEnroll': mine({
    ask: (o) => ({ query: { examId: o.examId } }),
    seen: (a, o) => (a as { order: Item } | null)?.order.id === o.examEnroll,
  }),
  '*.examPaperEnroll.queryById': byId('sitting'),
  '*.examPaperEnroll.report': byId('sitting'),
  '*.examPaperEnroll.querySignals': {
    ask: (o) => ({ query: { id: o.sitting } }),
    seen: (a) => Array.isArray(a),
  },
  '*.examPaperEnroll.queryLatest': {
    ask: (o) => ({ query: { examId: o.examId, examPaperId: o.examPaperId } }),
    seen: (a, o) => (a as Item | null)?.id === o.sitting,
  },
  '*.examPaperEnroll.queryList': list('sitting', inExam),
  '*.examPaperEnroll.querySimpleList': list('sitting', inExam),
  '*.examPaperEnroll.queryListByTeacher': list('sitting', inExam),
  '*.examMemberQuestion.queryById': byId('examAnswer'),
  '*.examMemberQuestion.queryLatest': {
    ask: (o) => ({ query: { examPaperEnrollId: o.sitting, questionId: practiceQuestion() } }),
    seen: (a, o) => (a as Item | null)?.id === o.examAnswer,
  },
  ...Object.fromEntries(
    ['queryList', 'querySimpleList', 'queryLatestList', 'queryListByExamPaperEnroll'].map((a) => [
      `*.examMemberQuestion.${a}`,
      list('examAnswer', (o) => ({ examPaperEnrollId: o.sitting })),
    ]),
  ),
  '*.examMemberQuestion.queryListByTeacher': list('examAnswer', (o) => ({
    examPaperEnrollId: o.sitting,
  })),
  // The learner area's variant is for teachers (access teacher), who read their own answers.
  'oj.examMemberQuestion.queryListByTeacher': {
    ...list('examAnswer', (o) => ({ examPaperEnrollId: o.sitting })),
    staffOwn: true,
  },

  // Classes: enrollments (the roster) and settlements.
  'bms.grade.enroll.queryById': byId('gradeEnroll'),
  '*.grade.enroll.queryList': list('gradeEnroll', inGrade),
  '*.grade.enroll.querySimpleList': list('gradeEnroll', inGrade),
  '*.grade.enroll.queryEnrollList': list('gradeEnroll', inGrade),
  '*.grade.enroll.downloadEnrollList': sheet(inGrade),
  '*.grade.enroll.queryEnrollStatistics': figures(
    (o) => ({ gradeId: o.gradeId }),
    (a: { total: number }) => a.total,
  ),
  '*.grade.enroll.queryMineEnrollByEnrollId': mine(
    byId('gradeEnroll', (a) => (a as { order: Item }).order.id),
  ),
  '*.grade.enroll.queryMineLatestEnroll': mine({
    ask: (o) => ({ query: { gradeId: o.gradeId } }),
    seen: (a, o) => (a as { order: Item } | null)?.order.id === o.gradeEnroll,
  }),
  '*.member.grade.settlement.queryList': list('settlement', inGrade),
  '*.member.grade.settlement.download': sheet(inGrade),

  // Homework: enrollments and answers.
  '*.homeworkEnroll.queryById': byId('homeworkEnroll'),
  '*.homeworkEnroll.report': byId('homeworkEnroll', (a) => (a as { enroll: Item }).enroll.id),
  '*.homeworkEnroll.queryMineEnrollByEnrollId': byId(
    'homeworkEnroll',
    (a) => (a as { enroll: Item }).enroll.id,
  ),
  '*.homeworkEnroll.queryMineLatestEnroll': {
    ask: (o) => ({ query: { homeworkId: o.homeworkId } }),
    seen: (a, o) => (a as { enroll: Item } | null)?.enroll.id === o.homeworkEnroll,
  },
  '*.homeworkEnroll.queryLatest': {
    ask: (o) => ({ query: { homeworkId: o.homeworkId } }),
    seen: (a, o) => (a as Item | null)?.id === o.homeworkEnroll,
  },
  ...Object.fromEntries(
    ['queryList', 'querySimpleList', 'queryEnrolledMemberListByHomework'].map((a) => [
      `*.homeworkEnroll.${a}`,
      list('homeworkEnroll', inHomework),
    ]),
  ),
  '*.homeworkEnroll.queryMemberListSortByScore': list('homeworkEnroll', inHomework),
  '*.homeworkEnroll.queryListByTeacher': {
    ...list('homeworkEnroll', inHomework),
    assigned: true,
  },
  '*.homeworkEnroll.downloadEnrollList': sheet(inHomework),
  '*.homeworkEnroll.queryEnrollStatistics': figures(
    (o) => ({ homeworkId: o.homeworkId }),
    (a: { enrolled: number }) => a.enrolled,
  ),
  '*.homeworkMemberQuestion.queryById': byId('homeworkAnswer'),
  '*.homeworkMemberQuestion.queryLatest': {
    ask: (o) => ({ query: { homeworkEnrollId: o.homeworkEnroll, questionId: practiceQuestion() } }),
    seen: (a, o) => (a as Item | null)?.id === o.homeworkAnswer,
  },
  ...Object.fromEntries(
    ['queryList', 'querySimpleList', 'queryLatestList'].map((a) => [
      `*.homeworkMemberQuestion.${a}`,
      list('homeworkAnswer', inHomework),
    ]),
  ),
  'oj.homeworkMemberQuestion.querySubmissionList': list('homeworkSubmission', (o) => ({
    homeworkEnrollId: o.homeworkEnroll,
  })),
  '*.homeworkMemberQuestion.queryListByHomeworkEnroll': list('homeworkAnswer', (o) => ({
    homeworkEnrollId: o.homeworkEnroll,
  })),
  '*.homeworkMemberQuestion.queryListByTeacher': {
    ...list('homeworkAnswer', inHomework),
    assigned: true,
  },
  // A learner's own answers: the learner area never narrows to what they assigned.
  'oj.homeworkMemberQuestion.queryListByTeacher': list('homeworkAnswer', inHomework),
  '*.homeworkMemberQuestion.queryStatisticsGroupByMember': members(
    (o) => ({ homeworkId: o.homeworkId }),
    false,
  ),

  // People: a learner's own record.
  '*.member.queryById': byId('memberId'),
  '*.organizationMember.queryById': byId('memberId'),
  '*.member.queryList': list('memberId', named),
  '*.member.querySimpleList': list('memberId', named),
  '*.organizationMember.queryList': list('memberId', named),
  '*.organizationMember.querySimpleList': list('memberId', named),
  'member.queryByMobile': {
    ask: (o) => ({ query: { mobile: o.mobile } }),
    seen: (a, o) => itemsOf(a).some((i) => i.id === o.memberId),
  },
  'bms.member.queryMemberTeacherList': {
    ask: (o) => ({ query: { memberId: o.memberId } }),
    seen: (a) => Array.isArray(a),
  },

  // Activities: enrollments in an organization's activity.
  '*.activityEnroll.queryById': byId('activityEnroll'),
  '*.activityEnroll.queryList': list('activityEnroll', inActivity),
  '*.activityEnroll.querySimpleList': list('activityEnroll', inActivity),
  '*.activityEnroll.queryListByTeacher': list('activityEnroll', inActivity),
  '*.activityEnroll.queryLatest': {
    ask: (o) => ({ query: { activityId: o.activityId } }),
    seen: (a, o) => itemsOf(a).some((i) => i.id === o.activityEnroll),
  },
  '*.activityEnroll.downloadEnrollList': sheet(inActivity),
  '*.activityEnroll.queryEnrollStatistics': figures(
    (o) => ({ activityId: o.activityId }),
    (a: { total: number }) => a.total,
  ),
  '*.activityEnroll.queryMineEnrollByEnrollId': mine(
    byId('activityEnroll', (a) => (a as { order: Item }).order.id),
  ),
  '*.activityEnroll.queryMineLatestEnroll': mine({
    ask: (o) => ({ query: { activityId: o.activityId } }),
    seen: (a, o) => (a as { order: Item } | null)?.order.id === o.activityEnroll,
  }),

  // The assistant: a conversation is its learner's alone.
  '*.aiSession.queryList': mine(list('aiSession', () => ({}))),
  '*.aiSession.message.queryList': mine({
    ask: (o) => ({ query: PAGE, body: { sessionId: o.aiSession } }),
    // Another member's session answers 不存在; the owner's answers a page (empty or not).
    seen: (a) => Array.isArray((a as { content?: unknown }).content),
  }),
};

/** Read calls of these groups that read nobody else's row, and why. */
const NOT_PROBED: Record<string, string> = {
  '*.member.queryCurrent': 'the caller themselves',
  '*.member.queryCurrentRights': 'the caller’s own rights',
  '*.member.queryMineTeacherList': 'the caller’s own teacher accounts',
  'member.queryWxBinding': 'the caller’s own WeChat binding',
  'member.queryStatistics': 'counts of an organization’s people, no one’s row',
  'member.queryPointsRanking':
    'the points ranking: names and points shown to its readers by design (grade/controls viewRanking)',
  'member.exportPwd': 'resets passwords (a write); refused outside the scope like every write',
  'edms.organizationMember.downloadTemplate': 'the empty import template',
  'memberQuestion.queryQuota': 'the caller’s own quota',
  'memberQuestion.queryDraft': 'the caller’s own draft',
  'memberQuestion.queryQuestionStatisticsByChapter': 'counts per question of a chapter',
  'memberPlayground.queryLatest': 'the caller’s own playground',
  'oj.memberPlayground.queryLatest': 'the caller’s own playground',
  'bms.membership.order.queryStatistics': 'counts over all card orders (platform staff only)',
  '*.examEnroll.queryMineStatistics': 'the caller’s own totals',
  '*.grade.enroll.queryMineStatistics': 'the caller’s own totals',
  '*.homeworkEnroll.queryMineStatistics': 'the caller’s own totals',
  '*.examMemberQuestion.queryStatisticsGroupByMember':
    'an exam’s rank list, shown to the exam’s readers by design (learners once results are out)',
  '*.examMemberQuestion.queryQuestionStatisticsByExamPaper': 'counts per question of a paper',
  '*.activityEnroll.queryMemberListSortByScore':
    'an activity’s ranking, shown to its readers by design where the activity shows it',
  '*.activityEnroll.queryMineStatistics': 'the caller’s own totals',
};

const lookup = <T>(table: Record<string, T>, call: CallDef): T | undefined =>
  table[call.id] ?? table[`*.${keyOf(call)}`];

let practiceQuestionId = 0;
const practiceQuestion = () => practiceQuestionId;

// ——— who should see what ———

const FLOOR: Record<ReturnType<typeof areaOf>, Access> = {
  bms: 'platformAdmin',
  edms: 'teacher',
  oj: 'member',
  app: 'public',
};
const RANK: Record<Access, number> = {
  public: 0,
  member: 1,
  parent: 2,
  teacher: 2,
  orgAdmin: 3,
  platformAdmin: 4,
};

function mayCall(call: CallDef, r: Reader): boolean {
  const floor = FLOOR[areaOf(call.path)];
  const access = RANK[floor] > RANK[call.access] ? floor : call.access;
  switch (access) {
    case 'public':
    case 'member':
      return true;
    case 'parent':
      // No reader here is a parent: the parent's calls are tests/integration/parents.test.ts's.
      return false;
    case 'teacher':
      return r.role !== 'student';
    case 'orgAdmin':
      return r.role === 'orgAdmin';
    case 'platformAdmin':
      return r.platform;
  }
}

/**
 * What the rule of docs/classes.md "Who reads what" says: platform staff (bms, and the bare
 * area for them) all; an organization admin their organization's learners; a teacher the
 * learners of the classes they teach; a learner (and anyone in oj) their own.
 */
function shouldSee(call: CallDef, probe: Probe, r: Reader, owner: Owner): boolean {
  if (probe.mine) return r.name === owner;
  if (probe.assigned && (owner === 'T1' || ASSIGNED_BY[owner] !== r.name)) return false;
  const area = areaOf(call.path);
  const as =
    area === 'bms' || (area === 'app' && r.platform)
      ? 'platform'
      : area === 'oj' || r.role === 'student'
        ? 'learner'
        : 'staff';
  if (as === 'platform') return !probe.ownOrganization || area === 'bms' || ORG_OF[owner] === r.org;
  if (as === 'learner') return r.name === owner;
  return ORG_OF[owner] === r.org && (r.role === 'orgAdmin' || r.students.includes(owner));
}

type Outcome = 'seen' | 'hidden' | 'refused';

async function ask(call: CallDef, probe: Probe, r: Reader, owner: Owner): Promise<Outcome> {
  const o = rows[owner];
  try {
    const answer = await r.api.call(call, { ...probe.ask(o), skipErrorHandler: true } as never);
    return (await probe.seen(answer, o)) ? 'seen' : 'hidden';
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // A row outside the scope is absent (404); a caller the area refuses is 403.
    if (err.code === ErrorCode.NOT_FOUND) return 'hidden';
    if (err.code === ErrorCode.FORBIDDEN) return 'refused';
    throw new Error(`${call.id} as ${r.name} for ${owner}: ${err.code} ${err.message}`);
  }
}

// ——— the tests ———

describe('the read calls of the learner-row groups', () => {
  it('are each probed or named with the reason they read nobody else’s row', () => {
    const unclassified = READ_CALLS.filter(
      (c) => lookup(PROBES, c) === undefined && lookup(NOT_PROBED, c) === undefined,
    ).map((c) => c.id);
    expect(unclassified).toEqual([]);
    const stale = [...Object.keys(PROBES), ...Object.keys(NOT_PROBED)].filter(
      (k) => !READ_CALLS.some((c) => c.id === k || `*.${keyOf(c)}` === k),
    );
    expect(stale).toEqual([]);
    expect(READ_CALLS.filter((c) => lookup(PROBES, c)).length).toBeGreaterThan(150);
  });
});

const PROBED = READ_CALLS.filter((c) => lookup(PROBES, c) && !lookup(NOT_PROBED, c));

describe('every role × every area × someone else’s row', () => {
  it.each(PROBED.map((c) => [c.id, c] as const))('%s', async (_id, call) => {
    practiceQuestionId = await practiceQuestionOf();
    const probe = lookup(PROBES, call)!;
    const lines = await Promise.all(
      READERS.flatMap((name) => {
        const r = readers[name];
        if (!mayCall(call, r)) {
          // Refused by the area (403), whoever's row it asks for.
          return [
            ask(call, probe, r, 'S1').then((got) => ({ name, owner: '*', got, want: 'refused' })),
          ];
        }
        const owners: readonly Owner[] = probe.staffOwn ? [...OWNERS, 'T1'] : OWNERS;
        return owners.map((owner) =>
          ask(call, probe, r, owner).then((got) => ({
            name,
            owner,
            got,
            want: shouldSee(call, probe, r, owner) ? 'seen' : 'hidden',
          })),
        );
      }),
    );
    const wrong = lines.filter(
      (l) => l.got !== l.want && !(l.want === 'hidden' && l.got === 'refused'),
    );
    expect(
      wrong.map((l) => `${l.name} reading ${l.owner}'s: ${l.got}, expected ${l.want}`),
    ).toEqual([]);
    // The positive control: someone legitimately reads a row through this call.
    expect(lines.some((l) => l.want === 'seen')).toBe(true);
  });
});

describe('an organization’s own questions', () => {
  it('stay inside it: other organizations’ staff and learners find nothing', async () => {
    const { TB, T1, A, S1, S3, P } = readers;
    const mine = await TB.api.call(question['edms.question.create'], {
      body: {
        type: 'single',
        title: '星火的私有题',
        options: [
          { label: 'A', text: '一' },
          { label: 'B', text: '二' },
        ],
        answer: '10',
      },
    });
    const read = (r: Reader, call: CallDef) =>
      r.api
        .call(call, { query: { id: mine.id }, skipErrorHandler: true } as never)
        .then(() => 'seen')
        .catch((e: ApiError) => (e.code === ErrorCode.NOT_FOUND ? 'hidden' : `error ${e.code}`));
    expect(await read(TB, question['edms.question.queryById'])).toBe('seen');
    expect(await read(P, question['bms.question.queryById'])).toBe('seen');
    expect(await read(T1, question['edms.question.queryById'])).toBe('hidden');
    expect(await read(A, question['question.queryById'])).toBe('hidden');
    expect(await read(S1, question['oj.question.queryById'])).toBe('hidden');
    // Not even its own organization's learners see it before it is published.
    expect(await read(S3, question['oj.question.queryById'])).toBe('hidden');
    const listed = await A.api.call(question['edms.question.queryList'], {
      query: PAGE,
      body: { keyword: '星火的私有题' },
    } as never);
    expect(itemsOf(listed)).toEqual([]);
  });
});

async function practiceQuestionOf(): Promise<number> {
  if (practiceQuestionId) return practiceQuestionId;
  const { rows: found } = await platform.pool.query<{ id: number }>(
    `SELECT id FROM questions WHERE title = '隔离测试题'`,
  );
  return found[0]!.id;
}
