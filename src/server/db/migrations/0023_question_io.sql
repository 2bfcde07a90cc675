-- Issue 14: how a programming question's program reads and writes, and interactive questions.
-- io is docs/problem-format.md's `io`: {"mode":"stdio"} or {"mode":"file","input":"sum.in",
-- "output":"sum.out"} (文件输入输出). An interactive question (交互题) talks to its interactor
-- (a testlib interactor's source) through pipes — its stdin and stdout, so never with files;
-- the interactor must be there when it is.
ALTER TABLE questions
  ADD COLUMN io jsonb NOT NULL DEFAULT '{"mode": "stdio"}'
    CHECK (
      io = '{"mode": "stdio"}'::jsonb
      OR (io ->> 'mode' = 'file'
          AND jsonb_typeof(io -> 'input') = 'string'
          AND jsonb_typeof(io -> 'output') = 'string'
          AND io ->> 'input' <> io ->> 'output')
    ),
  ADD COLUMN interactive boolean NOT NULL DEFAULT false,
  ADD COLUMN interactor_source text,
  ADD CONSTRAINT questions_interactor_check
    CHECK (NOT interactive OR (type = 'programming' AND interactor_source IS NOT NULL
                               AND io = '{"mode": "stdio"}'::jsonb)),
  ADD CONSTRAINT questions_io_programming_check
    CHECK (type = 'programming' OR (io = '{"mode": "stdio"}'::jsonb AND NOT interactive));
