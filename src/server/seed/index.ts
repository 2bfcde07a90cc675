import { seedDemoBlocks } from './blacklist.ts';
import { randomBytes } from 'node:crypto';
import { withTransaction } from '../db/pool.ts';
import type { Pool, PoolClient } from '../db/pool.ts';
import type { Logger } from '../logger.ts';
import { hashPassword } from '../security/password.ts';
import { ledgerAccount, postJournal } from '../ledger/ledger.ts';
import {
  AI_TOKEN_GOODS,
  DEMO_ACCOUNTS,
  DEMO_ORGANIZATION,
  DICTS,
  GRADES,
  GRADE_APP_ID,
  MEMBERSHIPS,
  ORGANIZATIONS,
  RIGHTS,
  STUDENT_CARD,
  STUDENT_WELCOME_FEN,
} from './demo-data.ts';
import type { DemoAccount } from './demo-data.ts';
import { seedAiPrompts } from './ai-prompts.ts';
import { seedChapters } from './chapters.ts';
import { seedCourses, seedDemoCourse } from './courses.ts';
import { seedDemoExams } from './exams.ts';
import { seedDemoClasses } from './classes.ts';
import { seedDemoActivities } from './activities.ts';
import { seedDemoPrizes } from './prizes.ts';
import { seedHomeBanners } from './banners.ts';
import { seedFiles } from './files.ts';
import type { Services } from '../services.ts';
import { seedDemoDocuments, seedPlatformDocuments } from './documents.ts';
import { seedDemoOrders } from './orders.ts';
import { seedDemoFamily } from './parents.ts';
import { seedQuestions } from './questions.ts';
import { seedDemoRoles } from './roles.ts';
import { PLATFORM_ORGANIZATION } from '../permission/users.ts';
import { seedSiteTexts } from './site.ts';
import { seedTopics } from './topics.ts';

const SEED_LOCK_ID = 7_242_026_003;

export interface SeedResult {
  /** Usernames created by this run (empty on every start after the first). */
  createdAccounts: string[];
}

async function idOf(client: PoolClient, sql: string, params: unknown[]): Promise<number> {
  const result = await client.query<{ id: number }>(sql, params);
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error(`seed lookup found nothing: ${sql}`);
  return id;
}

const organizationId = (client: PoolClient, name: string) =>
  idOf(client, 'SELECT id FROM organizations WHERE name = $1', [name]);

async function seedOrganizations(client: PoolClient) {
  for (const org of ORGANIZATIONS) {
    await client.query(
      'INSERT INTO organizations (name, is_public) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
      [org.name, org.isPublic],
    );
  }
}

/** Creates the account if its username is free; returns whether it did. */
async function seedAccount(
  client: PoolClient,
  account: Omit<DemoAccount, 'mobile' | 'email'> & { mobile: string | null; email: string | null },
  password: string,
) {
  const existing = await client.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [
    account.username,
  ]);
  if (existing.rowCount !== 0) return false;
  const userId = await idOf(
    client,
    `INSERT INTO users (username, mobile, email, password_hash, nickname, platform_admin)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      account.username,
      account.mobile,
      account.email,
      await hashPassword(password),
      account.nickname,
      account.platformAdmin,
    ],
  );
  for (const member of account.members) {
    await client.query(
      `INSERT INTO members (user_id, organization_id, role, nickname) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, organization_id, role) DO NOTHING`,
      [userId, await organizationId(client, member.organization), member.role, member.nickname],
    );
  }
  return true;
}

async function seedRightsAndDicts(client: PoolClient) {
  for (const [index, right] of RIGHTS.entries()) {
    await client.query(
      `INSERT INTO rights (code, name, is_default, sort, publication)
       VALUES ($1, $2, $3, $4, 'published') ON CONFLICT (code) DO NOTHING`,
      [right.code, right.name, right.isDefault, index + 1],
    );
  }
  for (const dict of DICTS) {
    await client.query(
      `INSERT INTO dicts (code, name, built_in) VALUES ($1, $2, true)
       ON CONFLICT (code) DO UPDATE SET built_in = true`,
      [dict.code, dict.name],
    );
    const dictId = await idOf(client, 'SELECT id FROM dicts WHERE code = $1', [dict.code]);
    for (const [index, [value, label]] of dict.items.entries()) {
      await client.query(
        `INSERT INTO dict_items (dict_id, value, label, sort) VALUES ($1, $2, $3, $4)
         ON CONFLICT (dict_id, value) DO NOTHING`,
        [dictId, value, label, index + 1],
      );
    }
  }
}

async function memberIdOf(client: PoolClient, username: string, organization: string) {
  const result = await client.query<{ id: number }>(
    `SELECT m.id FROM members m JOIN users u ON u.id = m.user_id
      WHERE lower(u.username) = lower($1) AND m.organization_id = $2 ORDER BY m.id LIMIT 1`,
    [username, await organizationId(client, organization)],
  );
  return result.rows[0]?.id ?? null;
}

async function seedGrades(client: PoolClient) {
  for (const grade of GRADES) {
    const orgId = await organizationId(client, grade.organization);
    const teacher = grade.teacher
      ? await memberIdOf(client, grade.teacher, grade.organization)
      : null;
    const grade_ = await client.query<{ id: number }>(
      `INSERT INTO grades (organization_id, name, description, state, is_public, sort, app_id,
                           teacher_member_id, price_fen, enroll_start_at, start_time, end_time,
                           schedule, lessons, notes)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
               now() + make_interval(days => $10), now() + make_interval(days => $11),
               now() + make_interval(days => $12), $13, $14, $15)
       ON CONFLICT (organization_id, name) WHERE deleted_at IS NULL DO NOTHING RETURNING id`,
      [
        orgId,
        grade.name,
        grade.description,
        grade.state,
        grade.isPublic,
        grade.sort,
        GRADE_APP_ID,
        teacher,
        grade.priceFen,
        grade.enrollStartDays,
        grade.startDays,
        grade.endDays,
        grade.schedule ?? '',
        grade.lessons ?? 0,
        grade.notes ?? '',
      ],
    );
    const id = grade_.rows[0]?.id;
    if (id !== undefined && teacher !== null) {
      await client.query('INSERT INTO grade_teachers (grade_id, member_id) VALUES ($1, $2)', [
        id,
        teacher,
      ]);
    }
  }
}

async function seedMemberships(client: PoolClient) {
  for (const card of MEMBERSHIPS) {
    await client.query(
      `INSERT INTO memberships (name, type, tags, publication, sort, price_fen, duration_days, rights)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (name) DO NOTHING`,
      [
        card.name,
        card.type,
        card.tags,
        card.status === '1' ? 'published' : 'draft',
        card.sort,
        card.priceFen,
        card.durationDays,
        card.rights,
      ],
    );
  }
}

/** The demo student's annual card and wallet, given only when the student is new. */
async function seedStudentHoldings(client: PoolClient) {
  const student = DEMO_ACCOUNTS.student;
  const memberId = await memberIdOf(client, student.username, student.members[0].organization);
  if (memberId === null) return;
  const card = MEMBERSHIPS.find((m) => m.name === STUDENT_CARD)!;
  await client.query(
    `INSERT INTO member_memberships (member_id, membership_id, start_date, expire_date)
     SELECT $1, ms.id, now(), now() + make_interval(days => $3)
       FROM memberships ms WHERE ms.name = $2`,
    [memberId, card.name, card.durationDays],
  );
  // A wallet with a history to show: a welcome credit, written to the ledger like any other.
  await postJournal(client, {
    idempotencyKey: `seed:welcome:${memberId}`,
    kind: 'adjustment',
    reason: '演示账户体验金',
    entries: [
      { account: ledgerAccount.wallet(memberId), amount: STUDENT_WELCOME_FEN },
      { account: ledgerAccount.adjustments, amount: -STUDENT_WELCOME_FEN },
    ],
  });
}

async function seedAiTokenGoods(client: PoolClient) {
  for (const goods of AI_TOKEN_GOODS) {
    await client.query(
      `INSERT INTO ai_token_goods (name, description, tokens, price_fen, sort, publication)
       VALUES ($1, $2, $3, $4, $5, 'published') ON CONFLICT (name) DO NOTHING`,
      [goods.name, goods.description, goods.tokens, goods.priceFen, goods.sort],
    );
  }
}

/**
 * Adds whatever demo data is missing; never changes or removes existing rows, so a second start
 * keeps everything (including passwords people changed). Accounts get `password` when created,
 * and their credentials are logged that one time.
 */
export const FIRST_ADMIN_USERNAME = 'admin';

/**
 * A real database gets no account with a known password: one platform administrator, with
 * ADMIN_PASSWORD or a random password printed once. Nothing happens when any platform
 * administrator exists already.
 */
async function seedFirstAdmin(
  client: PoolClient,
  adminPassword: string | undefined,
): Promise<{ username: string; password: string; generated: boolean } | null> {
  const admins = await client.query('SELECT 1 FROM users WHERE platform_admin LIMIT 1');
  if (admins.rowCount !== 0) return null;
  await client.query(
    'INSERT INTO organizations (name, is_public) VALUES ($1, false) ON CONFLICT (name) DO NOTHING',
    [PLATFORM_ORGANIZATION],
  );
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  const created = await seedAccount(
    client,
    {
      username: FIRST_ADMIN_USERNAME,
      mobile: null,
      email: null,
      nickname: '平台管理员',
      platformAdmin: true,
      members: [{ organization: PLATFORM_ORGANIZATION, role: 'orgAdmin', nickname: '平台管理员' }],
    },
    password,
  );
  if (!created) {
    throw new Error(
      `用户名 ${FIRST_ADMIN_USERNAME} 已被占用，但数据库里没有平台管理员：请手动指定一位平台管理员`,
    );
  }
  return { username: FIRST_ADMIN_USERNAME, password, generated: adminPassword === undefined };
}

export interface SeedOptions {
  /** Password of the demo accounts when they are first created. */
  password: string;
  logger: Logger;
  /**
   * The demo organizations, accounts (with the public password), classes, cards and chapters:
   * only where a person asked for them (the embedded database, or SEED_DEMO=1).
   */
  demo: boolean;
  /** The first platform administrator's password on a database without the demo (ADMIN_PASSWORD). */
  adminPassword?: string | undefined;
}

export async function seedDatabase(pool: Pool, options: SeedOptions): Promise<SeedResult> {
  const { created, admin } = await withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_ID]);
    // The platform's own catalogue: card rights, dictionaries, the card list and the question
    // bank, which every installation starts from.
    await seedRightsAndDicts(client);
    await seedMemberships(client);
    await seedAiTokenGoods(client);
    await seedAiPrompts(client);
    await seedQuestions(client);
    await seedCourses(client);
    await seedSiteTexts(client);
    await seedTopics(client);
    if (!options.demo) {
      const firstAdmin = await seedFirstAdmin(client, options.adminPassword);
      await seedPlatformDocuments(client);
      return { created: [] as string[], admin: firstAdmin };
    }
    await seedOrganizations(client);
    const createdAccounts: string[] = [];
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      if (await seedAccount(client, account, options.password)) {
        createdAccounts.push(account.username);
      }
    }
    await seedGrades(client);
    if (createdAccounts.includes(DEMO_ACCOUNTS.student.username)) await seedStudentHoldings(client);
    await seedChapters(client);
    await seedDemoCourse(client, DEMO_ORGANIZATION);
    await seedPlatformDocuments(client);
    await seedDemoDocuments(client, {
      student: DEMO_ACCOUNTS.student.username,
      teacher: DEMO_ACCOUNTS.teacher.username,
      organization: DEMO_ORGANIZATION,
    });
    return { created: createdAccounts, admin: null };
  });
  // After the accounts are committed: the orders go through the order flow's own transactions.
  if (created.includes(DEMO_ACCOUNTS.student.username)) {
    await seedDemoOrders(pool, options.logger);
    await seedDemoExams(pool, options.logger);
    await seedDemoClasses(pool, options.logger, options.password);
    await seedDemoBlocks(pool);
    if (created.includes(DEMO_ACCOUNTS.parent.username)) {
      await seedDemoFamily(pool, options.logger);
    }
  }
  if (created.includes(DEMO_ACCOUNTS.grader.username)) await seedDemoRoles(pool);
  // By seed_key on every start where the demo accounts exist (a real database has none).
  await seedDemoActivities(pool, options.logger);
  await seedDemoPrizes(pool, options.logger);
  // One line per account, so each reads well in plain and in JSON logs.
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    if (!created.includes(account.username)) continue;
    options.logger.info(
      `已创建演示账号 ${account.username}，密码 ${options.password}（${account.nickname}；只显示这一次）`,
    );
  }
  if (admin) {
    options.logger.warn(
      admin.generated
        ? `已创建平台管理员 ${admin.username}，随机密码 ${admin.password}（只显示这一次，请登录后修改）`
        : `已创建平台管理员 ${admin.username}，密码为 ADMIN_PASSWORD 的值`,
    );
  }
  return { createdAccounts: admin ? [admin.username] : created };
}

/**
 * Seed content stored through the file service, which exists only once the app is built
 * (start.ts calls this after buildApp): the handout and the other fixed-name files.
 */
export async function seedStoredFiles(services: Pick<Services, 'pool' | 'files'>): Promise<void> {
  await seedFiles(services);
  await seedHomeBanners(services);
}
