import { Button, ControlGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/context.ts';
import { foundMembers } from '../../app/blacklist-queries.ts';
import { IDLE_QUERY, useQuery } from '../../app/use-query.ts';
import './member-search.css';

/**
 * Picks one account of any organization: search by name, username or mobile, then choose among
 * what was found (namesakes told apart by organization and username). The value is the
 * member's id, as text.
 */
export function MemberSearchField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (memberId: string) => void;
}) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const found = useQuery(keyword ? foundMembers(runtime, keyword) : IDLE_QUERY);
  const search = () => setKeyword(typed.trim());
  const members = found.data?.content ?? [];
  return (
    <div>
      <ControlGroup>
        <InputGroup
          id={id}
          placeholder={t('memberSearch.placeholder')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              search();
            }
          }}
        />
        <Button text={t('memberSearch.find')} onClick={search} />
      </ControlGroup>
      {keyword && found.data && members.length === 0 && (
        <p className="xa-muted">{t('memberSearch.noneFound')}</p>
      )}
      <ul className="xa-member-choices" aria-label={t('memberSearch.found')}>
        {members.map((m) => (
          <li key={m.id}>
            <Button
              variant={String(m.id) === value ? 'solid' : 'minimal'}
              intent={String(m.id) === value ? 'primary' : 'none'}
              size="small"
              aria-pressed={String(m.id) === value}
              text={`${m.nickname} · ${m.username} · ${m.organizationName}`}
              onClick={() => onChange(String(m.id))}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
