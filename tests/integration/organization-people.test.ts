/**
 * Organizations and their people over real HTTP (issue 8 items 1–2): applying and review,
 * adding learners one by one, in batch and from xlsx (per-row results, nothing half-written),
 * approval, passwords, roles, teachers and teaching groups — with the refusals of each.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { organization as api } from '../../src/contract/organization/calls.ts';
import type { DownloadedFile } from '../../src/transport/download.ts';
import { createTransport, type Transport } from '../../src/transport/client.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';
import { madeMember } from '../support/people.ts';

let platform: TestPlatform;
let admin: Transport;
let orgAdmin: Transport;
let teacher: Transport;
let student: Transport;

beforeAll(async () => {
  platform = await startTestPlatform();
  ({ api: admin } = await loginAs(platform, 'admin'));
  ({ api: orgAdmin } = await loginAs(platform, 'orgAdmin'));
  ({ api: teacher } = await loginAs(platform, 'teacher'));
  ({ api: student } = await loginAs(platform, 'student'));
});
afterAll(async () => {
  await platform?.stop();
});

let nextMobile = 13_900_000_000;
const mobile = () => String(++nextMobile);

const fieldsOf = (err: { data?: unknown }) =>
  ((err.data as { fields?: { field: string }[] } | undefined)?.fields ?? []).map((f) => f.field);

async function logIn(username: string, password: string) {
  const client = sdk(platform.apiUrl);
  const user = await client.call(accounts.loginByPwd, { body: { username, password } });
  return { client, user };
}

describe('opening an organization', () => {
  it('reviews an application, lets it be corrected, and makes the applicant its admin', async () => {
    const name = `测试信奥社${Date.now()}`;
    const applied = await teacher.call(api['edms.organization.create'], {
      body: { name, contactName: '王老师', contactMobile: mobile() },
    });
    expect(applied).toMatchObject({ state: 'reviewing', applicantName: '演示教练' });
    const again = await failureOf(
      teacher.call(api['edms.organization.create'], {
        body: { name: `${name}二`, contactName: '王老师', contactMobile: mobile() },
      }),
    );
    expect(again.code).toBe(ErrorCode.CONFLICT);

    const noReason = await failureOf(
      admin.call(api['bms.organization.reject'], { body: { id: applied.id } as never }),
    );
    expect(fieldsOf(noReason)).toContain('body.reason');
    const rejected = await admin.call(api['bms.organization.reject'], {
      body: { id: applied.id, reason: '请补充机构地址' },
    });
    expect(rejected).toMatchObject({ state: 'rejected', reviewReason: '请补充机构地址' });

    const resubmitted = await teacher.call(api['edms.organization.update'], {
      body: { id: applied.id, address: '杭州市西湖区' },
    });
    expect(resubmitted.state).toBe('reviewing');
    const passed = await admin.call(api['bms.organization.pass'], { body: { id: applied.id } });
    expect(passed).toMatchObject({ state: 'passed', reviewReason: null });
    const twice = await failureOf(
      admin.call(api['bms.organization.pass'], { body: { id: applied.id } }),
    );
    expect(twice.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);

    const accountsNow = await teacher.call(accounts['oj.member.queryMineTeacherList']);
    expect(accountsNow.find((a) => a.organizationName === name)).toMatchObject({
      role: 'orgAdmin',
    });
  });

  it('refuses what is not the caller’s to do, naming the field', async () => {
    const unknownAdmin = await failureOf(
      admin.call(api['bms.organization.create'], {
        body: {
          name: '无主机构',
          contactName: '李',
          contactMobile: mobile(),
          adminMobile: mobile(),
        },
      }),
    );
    expect(fieldsOf(unknownAdmin)).toEqual(['body.adminMobile']);
    const taken = await failureOf(
      admin.call(api['bms.organization.create'], {
        body: { name: '信奥训练营示范校', contactName: '李', contactMobile: mobile() },
      }),
    );
    expect(fieldsOf(taken)).toEqual(['body.name']);

    const own = (await orgAdmin.call(api['edms.organization.queryList'], { body: {} })).content;
    const school = own.find((o) => o.name === '信奥训练营示范校')!;
    const byTeacher = await failureOf(
      teacher.call(api['edms.organization.update'], { body: { id: school.id, address: 'x' } }),
    );
    expect(byTeacher.code).toBe(ErrorCode.FORBIDDEN);
    const status = await failureOf(
      orgAdmin.call(api['edms.organization.update'], {
        body: { id: school.id, status: 'disabled' },
      }),
    );
    expect(status.code).toBe(ErrorCode.FORBIDDEN);
    const deleteFull = await failureOf(
      admin.call(api['bms.organization.delete'], { body: { id: school.id } }),
    );
    expect(deleteFull.code).toBe(ErrorCode.CONFLICT);
    const learner = await failureOf(student.call(api['edms.organization.queryList'], { body: {} }));
    expect(learner.code).toBe(ErrorCode.FORBIDDEN);
  });
});

describe('adding learners', () => {
  it('creates a learner with a password shown once, theirs to log in with, the teacher’s to see', async () => {
    const m = mobile();
    const created = madeMember(
      await teacher.call(api['edms.organizationMember.create'], {
        body: { nickname: '小明', mobile: m, realName: '王小明', tags: ['周六班'] },
      }),
    );
    expect(created).toMatchObject({ role: 'student', approval: 'passed', tags: ['周六班'] });
    expect(created.initialPassword).toMatch(/^[A-Za-z0-9]{10}$/);
    const { user } = await logIn(m, created.initialPassword!);
    expect(user.id).toBe(created.id);

    const mine = await teacher.call(api['edms.organizationMember.queryList'], {
      body: { keyword: '王小明' },
    });
    expect(mine.content.map((x) => x.id)).toEqual([created.id]);
    // Another organization's staff cannot read the learner.
    const { api: otherOrg } = await loginAs(platform, 'teacher');
    const home = await otherOrg.call(accounts.queryCurrent);
    const me = await otherOrg.call(accounts['oj.member.queryMineTeacherList']);
    await otherOrg.call(accounts.switchOrganization, {
      body: { memberId: me.find((a) => a.organizationName === '星火信奥工作室')!.id },
    });
    const hidden = await failureOf(
      otherOrg.call(api['member.queryById'], { query: { id: created.id } }),
    );
    expect(hidden.code).toBe(ErrorCode.NOT_FOUND);
    // Switching is remembered for the next login: switch back for the tests below.
    await otherOrg.call(accounts.switchOrganization, {
      body: { memberId: home.id },
    });

    const dup = await failureOf(
      teacher.call(api['edms.organizationMember.create'], {
        body: { nickname: '又一个', mobile: m },
      }),
    );
    expect(fieldsOf(dup)).toEqual(['body.mobile']);
    const none = await failureOf(
      teacher.call(api['edms.organizationMember.create'], { body: { nickname: '无联系' } }),
    );
    expect(fieldsOf(none)).toEqual(['body.mobile']);
  });

  it('reports every row of a batch, writes nothing on a dry run, and links registered users', async () => {
    const [a, b] = [mobile(), mobile()];
    const rows = [
      { nickname: '甲', mobile: a },
      { nickname: '乙', mobile: b, password: 'Secret#2026' },
      { nickname: '甲的重复', mobile: a },
      { nickname: '老用户', mobile: platform.accounts.parent.mobile },
      { nickname: '占用名', username: 'demo_teacher' },
    ];
    const dry = await teacher.call(api['edms.organizationMember.batchCreate'], {
      body: { rows, dryRun: true },
    });
    expect(dry).toMatchObject({ dryRun: true, created: 2, linked: 1, refused: 2 });
    const notYet = await teacher.call(api['member.queryByMobile'], { query: { mobile: a } });
    expect(notYet).toEqual([]);

    const done = await teacher.call(api['edms.organizationMember.batchCreate'], { body: { rows } });
    expect(done.rows.map((r) => r.outcome)).toEqual([
      'created',
      'created',
      'refused',
      'linked',
      'refused',
    ]);
    expect(done.rows[2]).toMatchObject({ field: 'mobile', message: '与第 1 行的手机号重复' });
    expect(done.rows[4]).toMatchObject({ field: 'username', message: '用户名已被占用' });
    expect(done.rows[1]!.initialPassword).toBeNull();
    await logIn(b, 'Secret#2026');
    // Linking a registered mobile never hands its login over: the parent keeps their password.
    const takeover = await failureOf(
      teacher.call(api['member.pwd'], { body: { id: done.rows[3]!.memberId! } }),
    );
    expect(takeover.code).toBe(ErrorCode.FORBIDDEN);
  });

  it('imports an xlsx, reporting the bad rows by column, and refuses a file that is not one', async () => {
    const downloads: DownloadedFile[] = [];
    const files = createTransport({
      baseUrl: platform.apiUrl,
      onDownload: (f) => downloads.push(f),
    });
    const { username, password } = platform.accounts.teacher;
    await files.call(accounts.loginByPwd, { body: { username, password } });
    await files.call(api['edms.organizationMember.downloadTemplate']);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(downloads.at(-1)!.bytes) as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('昵称');
    for (let i = 0; i < 12; i++)
      sheet.addRow([`导入${i}`, mobile(), '', '', '学员', '导入测试班、进阶']);
    sheet.addRow(['坏手机', '12345']);
    sheet.addRow(['坏身份', mobile(), '', '', '老师']);
    sheet.addRow(['长姓名', mobile(), '', '', '学员', '', '张'.repeat(21)]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const form = (data: Uint8Array, name = 'students.xlsx', dryRun = 'false') => {
      const f = new FormData();
      f.append('dryRun', dryRun);
      f.append('file', new Blob([data as Uint8Array<ArrayBuffer>]), name);
      return f;
    };
    const result = await teacher.call(api['edms.organizationMember.batchImport'], {
      body: form(bytes) as never,
    });
    expect(result).toMatchObject({ created: 12, refused: 3 });
    // Each refusal names its column once, in Chinese (issue 25 item 5).
    expect(result.rows.filter((r) => r.outcome === 'refused')).toMatchObject([
      { row: 14, field: 'mobile', message: '手机号：请输入 11 位手机号' },
      { row: 15, field: 'role', message: '身份：应为「学员」或「家长」，不是「老师」' },
      { row: 16, field: 'realName', message: '姓名最多 20 个字符' },
    ]);
    const tagged = await teacher.call(api['edms.organizationMember.queryList'], {
      body: { tag: '导入测试班' },
    });
    expect(tagged.totalElements).toBe(12);

    const notXlsx = await failureOf(
      teacher.call(api['edms.organizationMember.batchImport'], {
        body: form(new TextEncoder().encode('姓名,手机号'), 'list.xlsx') as never,
      }),
    );
    expect(fieldsOf(notXlsx)).toEqual(['file']);
    const broken = await failureOf(
      teacher.call(api['edms.organizationMember.batchImport'], {
        body: form(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3])) as never,
      }),
    );
    expect(fieldsOf(broken)).toEqual(['file']);
    const big = await failureOf(
      teacher.call(api['edms.organizationMember.batchImport'], {
        body: form(new Uint8Array(1024 * 1024 + 10).fill(0x50)) as never,
      }),
    );
    expect(big.code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
  });
});

describe('approval, passwords and roles', () => {
  it('holds a teacher’s new learner for the admin where the organization asks for it', async () => {
    const school = (
      await orgAdmin.call(api['edms.organization.queryList'], { body: {} })
    ).content.find((o) => o.name === '信奥训练营示范校')!;
    // The switch is the admin's: a teacher is refused (issue 25 item 4, /manage/organization).
    const byTeacherSwitch = await failureOf(
      teacher.call(api['edms.organization.update'], {
        body: { id: school.id, memberApproval: true },
      }),
    );
    expect(byTeacherSwitch.code).toBe(ErrorCode.FORBIDDEN);
    expect(byTeacherSwitch.message).toBe('只有机构管理员可以修改机构资料');
    await orgAdmin.call(api['edms.organization.update'], {
      body: { id: school.id, memberApproval: true },
    });
    try {
      const m = mobile();
      const held = madeMember(
        await teacher.call(api['member.create'], {
          body: { nickname: '待审', mobile: m, password: 'Waiting#2026' },
        }),
      );
      expect(held.approval).toBe('reviewing');
      const refused = await failureOf(logIn(m, 'Waiting#2026'));
      expect(refused.code).not.toBe(0);
      const byTeacher = await failureOf(
        teacher.call(api['member.pass'], { body: { id: held.id } }),
      );
      expect(byTeacher.code).toBe(ErrorCode.FORBIDDEN);
      const passed = await orgAdmin.call(api['member.pass'], { body: { id: held.id } });
      expect(passed.approval).toBe('passed');
      await logIn(m, 'Waiting#2026');
    } finally {
      await orgAdmin.call(api['edms.organization.update'], {
        body: { id: school.id, memberApproval: false },
      });
    }
  });

  it('changes a password with the old one and ends the other sessions', async () => {
    const m = mobile();
    await teacher.call(api['member.create'], {
      body: { nickname: '改密', mobile: m, password: 'First#2026' },
    });
    const first = await logIn(m, 'First#2026');
    const second = await logIn(m, 'First#2026');
    const wrong = await failureOf(
      first.client.call(api['member.updatePwd'], {
        body: { oldPassword: 'nope', newPassword: 'Second#2026' },
      }),
    );
    expect(fieldsOf(wrong)).toEqual(['body.oldPassword']);
    await first.client.call(api['member.updatePwd'], {
      body: { oldPassword: 'First#2026', newPassword: 'Second#2026' },
    });
    await first.client.call(api['member.queryCurrent']);
    const ended = await failureOf(second.client.call(api['member.queryCurrent']));
    expect(ended.code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('resets and exports only passwords nobody has used, unless forced', async () => {
    const [fresh, used] = [mobile(), mobile()];
    const a = madeMember(
      await teacher.call(api['member.create'], { body: { nickname: '新', mobile: fresh } }),
    );
    const b = madeMember(
      await teacher.call(api['member.create'], { body: { nickname: '旧', mobile: used } }),
    );
    await logIn(used, b.initialPassword!);
    const downloads: DownloadedFile[] = [];
    const files = createTransport({
      baseUrl: platform.apiUrl,
      onDownload: (f) => downloads.push(f),
    });
    const { username, password } = platform.accounts.teacher;
    await files.call(accounts.loginByPwd, { body: { username, password } });
    await files.call(api['member.exportPwd'], { body: { memberIds: [a.id, b.id] } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(downloads.at(-1)!.bytes) as never);
    const rows = book.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    const newPassword = String(rows[0]![5]);
    expect(newPassword).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(rows[1]![5] ?? '').toBe('');
    await logIn(fresh, newPassword);
    await logIn(used, b.initialPassword!);
  });

  it('lets only an admin change roles, never their own', async () => {
    const m = madeMember(
      await teacher.call(api['member.create'], {
        body: { nickname: '角色', mobile: mobile() },
      }),
    );
    const byTeacher = await failureOf(
      teacher.call(api['member.configRoles'], { body: { id: m.id, role: 'parent' } }),
    );
    expect(byTeacher.code).toBe(ErrorCode.FORBIDDEN);
    const changed = await orgAdmin.call(api['member.configRoles'], {
      body: { id: m.id, role: 'parent' },
    });
    expect(changed.role).toBe('parent');
    const self = await orgAdmin.call(accounts.queryCurrent);
    const own = await failureOf(
      orgAdmin.call(api['member.configRoles'], { body: { id: self.id, role: 'teacher' } }),
    );
    expect(own.code).toBe(ErrorCode.CONFLICT);
  });
});

describe('teachers and teaching groups', () => {
  it('lets the admin add teachers and group them, and teachers only read', async () => {
    const group = await orgAdmin.call(api['edms.teacherGroup.create'], {
      body: { name: `算法组${Date.now()}` },
    });
    const dup = await failureOf(
      orgAdmin.call(api['edms.teacherGroup.create'], { body: { name: group.name } }),
    );
    expect(fieldsOf(dup)).toEqual(['body.name']);
    const byTeacher = await failureOf(
      teacher.call(api['edms.teacherGroup.create'], { body: { name: '越权组' } }),
    );
    expect(byTeacher.code).toBe(ErrorCode.FORBIDDEN);

    const t = madeMember(
      await orgAdmin.call(api['edms.teacherMember.create'], {
        body: { nickname: '新教练', mobile: mobile(), groupIds: [group.id] },
      }),
    );
    expect(t.groups.map((g) => g.id)).toEqual([group.id]);
    const badGroup = await failureOf(
      orgAdmin.call(api['edms.teacherMember.create'], {
        body: { nickname: '错组', mobile: mobile(), groupIds: [999_999] },
      }),
    );
    expect(fieldsOf(badGroup)).toEqual(['body.groupIds']);

    const me = await teacher.call(accounts.queryCurrent);
    const added = await orgAdmin.call(api['edms.teacherMember.addToGroup'], {
      body: { groupId: group.id, memberIds: [me.id, t.id] },
    });
    expect(added).toMatchObject({ changed: 1, memberCount: 2 });
    const set = await orgAdmin.call(api['edms.teacherMember.setGroups'], {
      body: { memberId: t.id, groupIds: [] },
    });
    expect(set.groups).toEqual([]);
    const listed = await teacher.call(api['edms.teacherMember.queryList'], {
      body: { groupId: group.id },
    });
    expect(listed.content.map((x) => x.id)).toEqual([me.id]);
    const removed = await orgAdmin.call(api['edms.teacherMember.removeFromGroup'], {
      body: { groupId: group.id, memberIds: [me.id] },
    });
    expect(removed.memberCount).toBe(0);
  });

  it('never leaves an organization without an admin', async () => {
    const self = await orgAdmin.call(accounts.queryCurrent);
    const selfDemote = await failureOf(
      orgAdmin.call(api['edms.teacherMember.update'], { body: { id: self.id, role: 'teacher' } }),
    );
    expect(selfDemote.code).toBe(ErrorCode.CONFLICT);
  });
});

describe('the rest of the member calls', () => {
  it('answers the card, statistics, lookups and the learner’s own profile', async () => {
    const m = madeMember(
      await teacher.call(api['member.create'], {
        body: { nickname: '卡片', mobile: mobile(), studentNo: 'S001' },
      }),
    );
    const card = await teacher.call(api['member.generateMemberCardById'], { query: { id: m.id } });
    expect(card.cardNo).toMatch(/^XA\d{12}$/);
    // mod 97 of the number followed by the check code is 1.
    expect(BigInt(card.cardNo.slice(2) + card.verifyCode) % 97n).toBe(1n);
    const stats = await orgAdmin.call(api['member.queryStatistics']);
    expect(stats.students).toBeGreaterThan(10);
    const anon = await teacher.call(api['member.anonQueryList'], {
      body: { keyword: platform.accounts.student.mobile },
    });
    expect(anon.content[0]).toMatchObject({ maskedMobile: '138****0001', maskedName: '演***' });
    const mine = await teacher.call(api['member.addMemberToMine'], {
      body: { memberId: anon.content[0]!.id },
    });
    const teachers = await admin.call(api['bms.member.queryMemberTeacherList'], {
      query: { memberId: mine.memberId },
    });
    expect(teachers.some((t) => t.memberId === mine.teacherMemberId && t.bound)).toBe(true);
    const wx = await failureOf(
      student.call(api['oj.member.bindWxGzh'], { body: { ticket: 'f'.repeat(48) } }),
    );
    expect(wx.code).toBe(ErrorCode.FORBIDDEN);
    const profile = await student.call(api['oj.member.update'], { body: { school: '实验中学' } });
    expect(profile.nickname).toBe('演示学生');
    const learnerOnly = await failureOf(student.call(api['member.queryList'], { body: {} }));
    expect(learnerOnly.code).toBe(ErrorCode.FORBIDDEN);
  });
});
